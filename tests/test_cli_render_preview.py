"""`hot-lsp render --with-defaults` shows each resource's properties as Heat's stack preview does: every property of
the type's schema, the value given (converted to the property's type), else the default, else null. Without the
option render shows what the template writes, resolved (tests/test_cli_render.py). A plugin or site type's
schema comes from a catalogue (`--resource-types`, or the project configuration's `resource-types`): without one
render cannot know a plugin type's defaults, with one it shows what Heat shows.

tests/previews/heat_previews.json is what Heat 27.0.1 itself answers for the templates beside it
(tools/record_heat_previews.py: Heat's own `format_stack_preview`, the Acme types of examples/catalogues/acme.json
registered as a plugin registers its classes)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
CASES = REPO / "tests" / "previews"
ACME = REPO / "examples" / "catalogues" / "acme.json"
RECORDED = json.loads((CASES / "heat_previews.json").read_text())
HEAT = RECORDED["previews"]
WIDGET = """\
heat_template_version: 2021-04-16
resources:
  widget:
    type: {type}
    properties:
      size: "4"
"""


def render(*args: str, cwd: Path, code: int = 0) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "hot_lsp", "render", *args, "--with-defaults", "--format", "json"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == code, done.stderr + done.stdout
    return json.loads(done.stdout) if code != 2 else {}


def shown(rendered: dict[str, Any]) -> dict[str, Any]:
    return {name: {"type": r["type"], "properties": r["properties"]} for name, r in rendered["resources"].items()}


def test_the_recording_is_heat_27s_and_heat_accepted_every_case():
    assert RECORDED["heat_version"] == "27.0.1"
    assert sorted(HEAT) == sorted(path.name for path in CASES.glob("*.yaml"))
    assert [name for name, preview in HEAT.items() if "error" in preview] == []


@pytest.mark.parametrize("case", sorted(HEAT))
def test_render_shows_the_properties_heat_s_preview_shows(case: str):
    rendered = render(case, "--resource-types", str(ACME), cwd=CASES)
    assert rendered["errors"] == []
    assert shown(rendered) == HEAT[case]["resources"]


def test_a_plugin_type_shows_heat_s_preview_only_with_its_catalogue(tmp_path: Path):
    # Heat fills in colour's default and converts size to the Integer the plugin declares; without the catalogue,
    # render cannot know either.
    heat = HEAT["plugin_widget.yaml"]["resources"]
    bare = shown(render("plugin_widget.yaml", cwd=CASES))
    assert bare["given"]["properties"] == {"size": "4", "colour": "blue"} != heat["given"]["properties"]
    assert bare["defaulted"]["properties"] == {"size": 3} != heat["defaulted"]["properties"]
    assert shown(render("plugin_widget.yaml", "--resource-types", str(ACME), cwd=CASES)) == heat
    # The project configuration's resource-types, as check takes them.
    (tmp_path / "t.yaml").write_text(WIDGET.format(type="Acme::Widget"))
    (tmp_path / ".hot-lsp.toml").write_text(f'resource-types = ["{ACME}"]\n')
    configured = render("t.yaml", cwd=tmp_path)["resources"]["widget"]["properties"]
    assert configured == {"size": 4, "colour": "red"}
    assert render("t.yaml", "--no-config", cwd=tmp_path)["resources"]["widget"]["properties"] == {"size": "4"}


def test_a_type_an_environment_maps_to_a_plugin_type_is_shown_as_that_type(tmp_path: Path):
    (tmp_path / "t.yaml").write_text(WIDGET.format(type="Site::Widget"))
    (tmp_path / "env.yaml").write_text("resource_registry:\n  Site::Widget: Acme::Widget\n")
    mapped = render("t.yaml", "--env", "env.yaml", "--resource-types", str(ACME), cwd=tmp_path)
    assert mapped["resources"]["widget"]["type"] == "Site::Widget"  # as written, as Heat's preview shows it
    assert mapped["resources"]["widget"]["properties"] == {"size": 4, "colour": "red"}
    unmapped = render("t.yaml", "--resource-types", str(ACME), cwd=tmp_path)
    assert unmapped["resources"]["widget"]["properties"] == {"size": "4"}  # a type hot-lsp has no schema for


def test_run_time_values_stay_in_call_form_among_the_defaults(tmp_path: Path):
    (tmp_path / "t.yaml").write_text(
        "heat_template_version: 2021-04-16\nresources:\n  random:\n    type: OS::Heat::RandomString\n"
        "  widget:\n    type: Acme::Widget\n    properties:\n      size: {get_attr: [random, value]}\n"
        "      unknown_key: 1\n"
    )
    widget = render("t.yaml", "--resource-types", str(ACME), cwd=tmp_path)["resources"]["widget"]
    # A key the type does not have is shown as written (Heat refuses the stack; check says why).
    assert widget["properties"] == {"size": {"get_attr": ["random", "value"]}, "colour": "red", "unknown_key": 1}


def test_a_catalogue_that_cannot_be_read_is_a_usage_error(tmp_path: Path):
    (tmp_path / "t.yaml").write_text(WIDGET.format(type="Acme::Widget"))
    (tmp_path / "broken.json").write_text("{")
    for catalogue in ("missing.json", "broken.json"):
        done = subprocess.run(
            [sys.executable, "-m", "hot_lsp", "render", "t.yaml", "--resource-types", catalogue],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 2 and done.stdout == ""
        [line] = done.stderr.splitlines()
        assert line.startswith(f"hot-lsp render: {catalogue}"), line
