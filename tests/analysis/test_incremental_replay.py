"""Incremental analysis gives exactly what a full analysis gives (issue 15, item 2).

Random edits (typing, deleting, new lines, new entries, broken YAML: brackets, quotes, tabs, list items) are
replayed on corpus templates and environment files. After each edit the text is analysed twice: from the
previous reading (the editor's way: its unchanged pieces are taken and moved) and from nothing; every
diagnostic must be the same, message and range included. Seeded: ``HOT_LSP_REPLAY_SEED`` replays a failure.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from shared_paths import CORPUS, needs_corpus

from hot_lsp.analysis.validate import Options, analyze

SEED = int(os.environ.get("HOT_LSP_REPLAY_SEED", "15"))
FILES = 24
EDITS_PER_FILE = 10
INSERTS = [
    "x",
    " ",
    "\n",
    "\n  ",
    ": ",
    "{",
    "}",
    "[",
    "'",
    '"',
    "\t",
    "- ",
    "#",
    "&a ",
    "*a",
    "\n  extra:\n    type: string\n",
    "\n  more:\n    type: OS::Heat::None\n",
    "{get_param: flavor}",
]


def corpus_files() -> list[Path]:
    if not CORPUS.is_dir():
        return []  # collected as skipped, with needs_corpus's reason
    found = [
        path
        for path in sorted(CORPUS.rglob("*"))
        if path.suffix in (".yaml", ".yml")
        and 1_000 < path.stat().st_size < 40_000
        and "\nresources:" in path.read_text(encoding="utf-8", errors="replace")
    ]
    return random.Random(SEED).sample(found, FILES)


def edit(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    removed = rng.choice([0, 0, 0, 1, 2, 10])
    return text[:at] + rng.choice(INSERTS + [""]) + text[at + removed :]


def facts(diagnostics: list) -> list[tuple]:
    return [(d.code, d.message, d.start, d.end, d.severity, d.data) for d in diagnostics]


@needs_corpus
@pytest.mark.parametrize("path", corpus_files(), ids=lambda path: str(path.relative_to(CORPUS)))
def test_incremental_analysis_equals_full_analysis(path: Path):
    rng = random.Random(f"{SEED}:{path.name}")
    text = path.read_text(encoding="utf-8")
    options = Options(document_path=str(path))
    previous = analyze(text, options)
    taken = eligible = 0
    for step in range(EDITS_PER_FILE):
        text = edit(rng, text)
        before = pieces_of(previous)
        incremental = analyze(text, options, previous.parsed)
        eligible += len(before) >= 3
        taken += len(before) >= 3 and bool(before & pieces_of(incremental))
        full = analyze(text, options)
        assert facts(incremental.diagnostics) == facts(full.diagnostics), (
            f"seed {SEED}, {path.name}, edit {step}: incremental and full analyses differ"
        )
        previous = incremental
    # The comparison means something only if the incremental side did take pieces from the earlier reading.
    assert taken >= eligible // 2, f"only {taken} of {eligible} edits of a text in pieces took earlier pieces"


def pieces_of(analysis) -> set[int]:
    pieces = analysis.parsed.pieces
    return {id(piece) for found in pieces.by_text.values() for piece in found} if pieces is not None else set()


def test_the_replay_covers_enough():
    # The floor: at least 200 edits over at least 20 files per run.
    assert FILES >= 20 and FILES * EDITS_PER_FILE >= 200


# Edits elsewhere that change what an unchanged resource's findings depend on: the type of a parameter its
# properties name, whether a condition leaves it out, the type it resolves to. Its findings must follow.
_TEMPLATE = """heat_template_version: 2018-08-31
parameters:
  size:
    type: string
  enabled:
    type: boolean
    default: true
conditions:
  wanted: {get_param: enabled}
resources:
  volume:
    type: OS::Cinder::Volume
    condition: wanted
    properties:
      size: {get_param: size}
      bogus: 1
  other:
    type: OS::Heat::None
"""


@pytest.mark.parametrize(
    "old, new",
    [
        ("  size:\n    type: string", "  size:\n    type: comma_delimited_list"),
        ("    default: true", "    default: false"),
        ("  wanted: {get_param: enabled}", "  wanted: false"),
        ("    type: OS::Heat::None", "    type: OS::Heat::Nonexistent"),
        ("parameters:\n", "parameters:\n  first:\n    type: string\n"),
    ],
)
def test_an_unchanged_resource_follows_what_its_findings_read(old: str, new: str):
    before = analyze(_TEMPLATE)
    text = _TEMPLATE.replace(old, new)
    assert text != _TEMPLATE
    incremental = analyze(text, Options(), before.parsed)
    full = analyze(text)
    assert facts(incremental.diagnostics) == facts(full.diagnostics)
    # and back again, from the edited reading
    again = analyze(_TEMPLATE, Options(), incremental.parsed)
    assert facts(again.diagnostics) == facts(analyze(_TEMPLATE).diagnostics)


_PARENT = """heat_template_version: 2018-08-31
parameters:
  size:
    type: string
    description: d
resources:
  child:
    type: child.yaml
    properties:
      size: {get_param: size}
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: child.yaml
        properties:
          size: {get_param: size}
          index: "%index%"
"""
_CHILD = """heat_template_version: 2018-08-31
parameters:
  size:
    type: number
  index:
    type: string
    default: ""
outputs:
  out:
    value: 1
"""


@pytest.mark.parametrize(
    "child_now",
    [
        _CHILD.replace("  size:\n    type: number\n", ""),  # E3016 on both resources
        _CHILD.replace('  index:\n    type: string\n    default: ""\n', "  needed:\n    type: string\n"),  # E3017
        _CHILD.replace("type: number", "type: json"),
        "not: a template\n",
    ],
)
def test_an_unchanged_template_resource_follows_its_child_file(tmp_path: Path, child_now: str):
    parent, child = tmp_path / "parent.yaml", tmp_path / "child.yaml"
    parent.write_text(_PARENT, encoding="utf-8")
    child.write_text(_CHILD, encoding="utf-8")
    options = Options(document_path=str(parent))
    before = analyze(_PARENT, options)
    child.write_text(child_now, encoding="utf-8")
    os.utime(child, (1, 1))  # another version on disk, whatever the clock's resolution
    text = _PARENT.replace("description: d", "description: dx")  # an edit elsewhere: the resources are taken
    incremental = analyze(text, options, before.parsed)
    assert facts(incremental.diagnostics) == facts(analyze(text, options).diagnostics)
    assert str(child) in incremental.read_files


# A call's argument faults (W4012 here) and the W4015 of a parameter default, taken from the earlier model for an
# unchanged entry: they must follow the version, and move with their entry.
_CALLS = """heat_template_version: 2016-10-14
parameters:
  p:
    type: json
    default: {str_split: [',', 'a,b']}
outputs:
  o:
    value: {repeat: {for_each: {'%a%': [x]}, template: '%a%', permutations: false}}
"""


@pytest.mark.parametrize(
    "old, new",
    [
        ("2016-10-14", "2017-09-01"),  # permutations is read from this version on: no W4012
        ("parameters:\n", "parameters:\n  first:\n    type: string\n"),  # the faults move
        ("    type: json\n", "    type: json\n    description: d\n"),
    ],
)
def test_an_unchanged_call_follows_the_version_and_moves(old: str, new: str):
    before = analyze(_CALLS)
    assert {"W4012", "W4015"} <= {d.code for d in before.diagnostics}
    text = _CALLS.replace(old, new)
    incremental = analyze(text, Options(), before.parsed)
    assert facts(incremental.diagnostics) == facts(analyze(text).diagnostics)
    again = analyze(_CALLS, Options(), incremental.parsed)
    assert facts(again.diagnostics) == facts(analyze(_CALLS).diagnostics)
