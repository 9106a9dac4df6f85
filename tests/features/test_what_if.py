"""Where the what-if's findings go (features/what_if.py): on the key whose change decides, for a comparison of two
texts made as the server makes it (the new side's model from its analysis, the old side's built once)."""

from __future__ import annotations

import textwrap

from lsprotocol import types

from hot_lsp.analysis.update.procedure import StackVersion, preview_update
from hot_lsp.analysis.update.sides import disk_files, template_model
from hot_lsp.analysis.validate import analyze
from hot_lsp.features.snapshot import Settings, Snapshot
from hot_lsp.features.what_if import WhatIf, what_if_diagnostics, what_if_lens

URI = "file:///t/main.yaml"


def compared(old: str, new: str, settings: Settings | None = None) -> tuple[Snapshot, WhatIf]:
    old, new = textwrap.dedent(old), textwrap.dedent(new)
    analysis = analyze(new)
    snapshot = Snapshot(URI, 2, analysis, analysis, "utf-16", settings or Settings())
    old_model = template_model("/t/main.yaml", old)
    assert not isinstance(old_model, str)
    preview = preview_update(
        StackVersion("/t/main.yaml", disk_files(), model=old_model),
        StackVersion("/t/main.yaml", disk_files(), text=new, model=analysis.model),
    )
    return snapshot, WhatIf("git:HEAD", preview, old_model)


def placed(snapshot: Snapshot, found: WhatIf) -> list[tuple[str, str, str]]:
    """(code, the text its range covers, message) of each finding."""
    return [
        (str(d.code), snapshot.text[snapshot.offset(d.range.start) : snapshot.offset(d.range.end)], d.message)
        for d in what_if_diagnostics(snapshot, found)
    ]


NET = """\
heat_template_version: 2021-04-16
parameters:
  zone: {type: string, default: a, immutable: true}
resources:
  net:
    type: OS::Neutron::Net
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_resource: net}
      cidr: 10.0.0.0/24
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 3
      resource_def: {type: OS::Heat::None}
"""


def test_a_replacement_is_on_the_property_that_decides():
    snapshot, found = compared(NET, NET.replace("10.0.0.0/24", "10.0.1.0/24"))
    [(code, where, message)] = placed(snapshot, found)
    assert (code, where) == ("W9801", "cidr")
    assert "replaces `subnet` (OS::Neutron::Subnet): `cidr` is not updatable in place" in message


def test_a_type_change_is_on_type():
    snapshot, found = compared(NET, NET.replace("type: OS::Neutron::Net", "type: OS::Heat::None"))
    codes = {(code, where) for code, where, _ in placed(snapshot, found)}
    assert ("W9801", "type") in codes


def test_a_smaller_group_is_a_deletion_on_its_count():
    snapshot, found = compared(NET, NET.replace("count: 3", "count: 2"))
    [(code, where, message)] = placed(snapshot, found)
    assert (code, where) == ("W9802", "count")
    assert "Inside: deleted `group/2`" in message
    [lens] = what_if_lens(snapshot, found)
    assert lens.command is not None and lens.command.title == "1 deleted, 1 updated (against git:HEAD)"


def test_a_changed_immutable_parameter_refuses_the_update_on_its_key():
    snapshot, found = compared(NET, NET.replace("default: a,", "default: b,"))
    [(code, where, message)] = placed(snapshot, found)
    assert (code, where) == ("W9803", "zone")
    assert "Heat refuses the whole update" in message
    [lens] = what_if_lens(snapshot, found)
    assert lens.command is not None and lens.command.title == "Heat refuses this update (against git:HEAD)"


def test_nothing_for_an_unchanged_text_and_a_lens_that_says_so():
    snapshot, found = compared(NET, NET)
    assert placed(snapshot, found) == []
    [lens] = what_if_lens(snapshot, found)
    assert lens.command is not None and lens.command.title == "no change (against git:HEAD)"
    assert lens.range == types.Range(start=types.Position(line=3, character=0), end=types.Position(line=3, character=9))


def test_disabled_codes_are_not_shown():
    settings = Settings(disabled_rules=frozenset({"W98"}))
    snapshot, found = compared(NET, NET.replace("10.0.0.0/24", "10.0.1.0/24"), settings)
    assert placed(snapshot, found) == []
