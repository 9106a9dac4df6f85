"""The fix round-trip harness's judgement (fix_check.judge) fails on the two wrong edits issue 29 names, and passes
the right ones: item 1, E3022's fix replacing the whole attribute path `resource.0.port` by `port_id`; item 2, a
misspelt required property whose E3017 fix adds a second key beside the typo. Renders and findings are made in
this process, as `hot-lsp render` and `hot-lsp check` make them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fix_check import Edit, Finding, judge, moved, touched_parts

from hot_lsp.analysis.evaluation.inputs import NO_INPUTS
from hot_lsp.analysis.evaluation.render_text import render_text
from hot_lsp.analysis.values.file_source import DirectoryFiles
from hot_lsp.commands.check import check_options, check_text
from hot_lsp.commands.environments import read_template
from hot_lsp.document import ERROR

MEMBER = """heat_template_version: 2021-04-16
resources:
  port:
    type: OS::Heat::None
outputs:
  port_id:
    value: {get_resource: port}
"""
ORIGINAL = """heat_template_version: 2021-04-16
resources:
  web:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: member.yaml
  fip:
    type: OS::Neutron::FloatingIP
    properties:
      floating_network: public
      port_id: {get_attr: [web, resource.0.port_id]}
"""


def apply(text: str, edits: list[Edit]) -> str:
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def at(text: str, word: str) -> tuple[int, int]:
    start = text.index(word)
    return start, start + len(word)


def observed(folder: Path, text: str) -> tuple[list[Finding], dict[str, Any]]:
    """The errors `hot-lsp check` reports for ``text`` as main.yaml in ``folder``, and its render JSON."""
    path = folder / "main.yaml"
    path.write_text(text)
    analysis = check_text(str(path), text, check_options([str(path)], ()))
    errors = [Finding(d.code, d.start, True) for d in analysis.diagnostics if d.severity == ERROR]
    document = render_text(read_template(str(path)), NO_INPUTS, DirectoryFiles(folder, roots=(folder,)), "json")
    return errors, json.loads(json.dumps(document.document, default=str))


def verdicts(tmp_path: Path, mistake: Edit, finding_code: str, finding_at: int, wrong: list[Edit], right: list[Edit]):
    (tmp_path / "member.yaml").write_text(MEMBER)
    mutant = apply(ORIGINAL, [mistake])
    _, original_render = observed(tmp_path, ORIGINAL)
    before, _ = observed(tmp_path, mutant)
    parts = touched_parts(ORIGINAL, [mistake])
    finding = Finding(finding_code, finding_at, True)
    out = []
    for edits in (wrong, right):
        after, render = observed(tmp_path, apply(mutant, edits))
        out.append(judge(finding, before, after, edits, (original_render, render, parts), [(mistake[0], mistake[0])]))
    return out


def test_item_1_the_whole_attribute_path_replaced_changes_the_evaluation(tmp_path: Path) -> None:
    start, end = at(ORIGINAL, "resource.0.port_id")
    mistake = (start, end, "resource.0.port")  # member 0's output `port`, which the member calls `port_id`
    path = (start, start + len("resource.0.port"))
    wrong = [(*path, "port_id")]  # the bug: the list of every member's port_id
    right = [(*path, "resource.0.port_id")]
    wrong_verdict, right_verdict = verdicts(tmp_path, mistake, "E3022", start, wrong, right)
    assert not wrong_verdict.left and not wrong_verdict.added  # what `hot-lsp check` said: nothing
    assert wrong_verdict.changed == (("resources", "fip"),) and not wrong_verdict.ok
    assert right_verdict.ok, right_verdict


def test_item_2_a_second_key_beside_the_typo_changes_the_evaluation(tmp_path: Path) -> None:
    start, end = at(ORIGINAL, "floating_network")
    mistake = (start, end, "floating_netwrok")
    line_end = ORIGINAL.index("\n", start) + 1
    # The bug: E3017's fix adds the required key beside the typo, which stays (E3016, an error already there).
    wrong = [(line_end, line_end, "      floating_network: ''\n")]
    right = [(start, start + len("floating_netwrok"), "floating_network")]  # E3016's: the key renamed
    type_at = ORIGINAL.index("OS::Neutron::FloatingIP")
    wrong_verdict, right_verdict = verdicts(tmp_path, mistake, "E3017", type_at, wrong, right)
    assert not wrong_verdict.left and not wrong_verdict.added
    assert wrong_verdict.changed == (("resources", "fip"),) and not wrong_verdict.ok
    assert right_verdict.ok, right_verdict


def test_a_finding_left_and_an_error_added_are_caught() -> None:
    finding = Finding("E3016", 100, True)
    replace_before = [(90, 95, "longer text")]  # moves the finding 6 to the right
    assert moved(100, replace_before) == 106 and moved(92, replace_before) == 90 and moved(50, replace_before) == 50
    assert judge(finding, [finding], [Finding("E3016", 106, True)], replace_before).left
    added = judge(finding, [finding], [Finding("E3017", 40, True)], replace_before)
    assert added.added == (Finding("E3017", 40, True),) and not added.ok
    # The same error where it was before the edit is not new; one inside the mistake's own text is the mistake's.
    kept = judge(finding, [finding, Finding("E4008", 10, True)], [Finding("E4008", 10, True)], replace_before)
    assert kept.ok
    inside = judge(finding, [finding], [Finding("E8000", 20, True)], replace_before, mistake=[(15, 30)])
    assert inside.ok


def test_touched_parts_are_the_entries_the_mistake_edits() -> None:
    start, _ = at(ORIGINAL, "floating_network")
    assert touched_parts(ORIGINAL, [(start, start + 3, "x")]) == {("resources", "fip")}
    assert touched_parts(ORIGINAL, [(*at(ORIGINAL, "resources"), "resorces")]) == {("resources", None)}
    every = {(s, None) for s in ("parameters", "conditions", "resources", "outputs")}
    assert touched_parts(ORIGINAL, [(*at(ORIGINAL, "2021-04-16"), "2016-10-14")]) == every  # all it evaluates
