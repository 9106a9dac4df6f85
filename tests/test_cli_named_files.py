"""Files named one by one cost what the same files found by a folder walk cost: no step may go over every path
named for every file checked (3,200 templates named took 11 times as long as their folder did).

Counted, not timed: every Python and C function call the check makes, through ``sys.setprofile``. A step that
scans the paths named for each file adds calls in proportion to the number of files for each file."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from hot_lsp.commands.check import run_check

TEMPLATE = """\
heat_template_version: 2016-10-14
parameters:
  p:
    type: string
resources:
  r:
    type: OS::Heat::Value
    properties:
      value: {get_param: p}
"""
FILES = 60
ALLOWED_EXTRA_CALLS_PER_FILE = 100  # naming a file costs ~20 calls more (isdir, exists, abspath); quadratic: 2,900


def calls(paths: list[str]) -> int:
    """How many function calls one in-process ``check`` of ``paths`` makes."""
    count = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        with redirect_stdout(io.StringIO()):
            run_check(paths, "text", frozenset(), jobs=1)
    finally:
        sys.setprofile(None)
    return count


# A child named by an absolute path is read only below the roots, so each analysis asks where the roots are.
ABSOLUTE_CHILD = TEMPLATE + "  child:\n    type: CHILD\n"


@pytest.mark.parametrize("layout", ["one folder", "a folder each", "a folder each, absolute children"])
def test_naming_files_costs_what_the_folder_walk_costs(tmp_path: Path, monkeypatch, layout: str):
    monkeypatch.chdir(tmp_path)
    child = tmp_path / "tree" / "child.yaml"
    child.parent.mkdir()
    child.write_text(TEMPLATE)
    text = ABSOLUTE_CHILD.replace("CHILD", str(child)) if "absolute" in layout else TEMPLATE
    named = [str(child.relative_to(tmp_path))]
    for i in range(FILES):
        folder = Path("tree", f"d{i:03}" if "a folder each" in layout else "")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"t{i:03}.yaml").write_text(text)
        named.append(str(folder / f"t{i:03}.yaml"))
    with redirect_stdout(io.StringIO()):
        run_check(["tree"], "text", frozenset(), jobs=1)  # imports and the catalogue, once
    walked = calls(["tree"])
    one_by_one = calls(named)
    assert (one_by_one - walked) / FILES < ALLOWED_EXTRA_CALLS_PER_FILE, (walked, one_by_one)
