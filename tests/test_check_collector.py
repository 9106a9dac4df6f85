"""``check`` and the garbage collector: a checked file's tree is freed as soon as its result is made (not left for a
full pass of the collector, which walked everything alive), and the collector is left as it was found."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from hot_lsp.analysis.validate import Options
from hot_lsp.commands import check_file
from hot_lsp.commands.files import Source


@pytest.fixture(autouse=True)
def unfrozen():
    yield
    gc.unfreeze()  # (check_file.start froze this test process's heap, as it does a check's)


@pytest.fixture
def template(tmp_path: Path) -> Path:
    path = tmp_path / "many.yaml"
    resources = "".join(
        f"  r{i}:\n    type: OS::Heat::Value\n    properties:\n"
        f"      value: {{list_join: [',', [{{get_param: n}}, {{get_resource: r0}}]]}}\n"
        for i in range(200)
    )
    path.write_text(f"heat_template_version: 2018-08-31\nparameters:\n  n: {{type: string}}\nresources:\n{resources}")
    return path


def test_a_checked_files_tree_is_freed_without_the_collector(template: Path):
    check_file.start(Options())
    gc.collect()
    gc.disable()  # nothing may be collected in between: what the check left is counted below
    try:
        [checked] = check_file.check_files([Source(str(template), True)])
        left = gc.collect()
    finally:
        gc.enable()
    assert isinstance(checked, check_file.Checked) and checked.kind == "template"
    # Its analysis released, the tree (~20,000 objects in cycles) went with the last reference; what is left is
    # the parser's own small garbage (a loader class per parse).
    assert left < 2_000


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_left_as_it_was(template: Path, enabled: bool):
    check_file.start(Options())
    (gc.enable if enabled else gc.disable)()
    try:
        check_file.check_files([Source(str(template), True)])
        assert gc.isenabled() is enabled
    finally:
        gc.enable()


def test_the_collector_runs_while_a_file_larger_than_heat_accepts_is_checked(
    tmp_path: Path, template: Path, monkeypatch: pytest.MonkeyPatch
):
    # Its garbage, uncollected until its end, would raise the peak memory by half.
    large = tmp_path / "large.yaml"
    large.write_text(template.read_text() + "#" * check_file.PAUSE_UP_TO + "\n")
    running: dict[str, bool] = {}

    def collector_running(source: Source, options: Options) -> None:
        running[source.path] = gc.isenabled()

    monkeypatch.setattr(check_file, "check_file", collector_running)
    check_file.start(Options())
    check_file.check_files([Source(str(template), True), Source(str(large), True)])
    assert running == {str(template): False, str(large): True}
