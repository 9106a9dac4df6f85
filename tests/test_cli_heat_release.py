"""`--heat-release` through the real command line (issue 30): templates valid on one Heat release and refused on
another, both ways, from the differences between the shipped catalogues; every release chosen by series, name and
version; an unknown value a usage error listing the valid ones; the project configuration's `heat-release`; the
user's `--resource-types` still on top; `render`, `resources` and `graph` take the option too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hot_lsp.cli import main
from hot_lsp.spec.heat_releases import RELEASES

REPO = Path(__file__).resolve().parents[1]
ACME = REPO / "examples" / "catalogues" / "acme.json"
HEAD = "heat_template_version: 2021-04-16\nresources:\n"

# name -> the resource; each differs between the shipped releases (docs/heat-releases.md).
TEMPLATES = {
    # loadbalancer required from 2024.1; before, loadbalancer or default_pool sufficed
    "listener": "  l:\n    type: OS::Octavia::Listener\n"
    "    properties: {default_pool: p, protocol: HTTP, protocol_port: 80}\n",
    # neither: refused by every release, by the schema from 2024.1 and by Listener.validate() before
    "orphan_listener": "  l:\n    type: OS::Octavia::Listener\n    properties: {protocol: HTTP, protocol_port: 80}\n",
    # rules.*.description new in 2026.2
    "group": "  g:\n    type: OS::Neutron::SecurityGroup\n"
    "    properties:\n      rules: [{protocol: tcp, description: ssh}]\n",
    # new in 2024.1
    "alarm": "  a:\n    type: OS::Aodh::PrometheusAlarm\n    properties: {query: up, threshold: 1}\n",
    # sha256 allowed from 2026.2
    "ipsec": "  p:\n    type: OS::Neutron::IPsecPolicy\n    properties: {auth_algorithm: sha256}\n",
    # deprecated but working (its properties checked) up to 2023.2; a placeholder from 2024.1
    "image": "  i:\n    type: OS::Glance::Image\n"
    "    properties: {location: http://x/i.img, container_format: bare, disk_format: qcow2, sise: 1}\n",
    # yaql's format(): Heat up to 2023.2 ran yaql below 3.0, which has it; 2024.1 on run yaql 3.x without it
    "yaql_format": "  v:\n    type: OS::Heat::Value\n    properties:\n"
    '      value: {yaql: {expression: \'format("{0}-{1}", $.data.a, "x") + "{0}".format(2)\', data: {a: 1}}}\n',
    # new in Zed
    "forward": "  f:\n    type: OS::Neutron::FloatingIPPortForward\n"
    "    properties: {external_port: 80, floating_ip: f, internal_ip_address: 10.0.0.1, internal_port: 80,"
    " protocol: tcp}\n",
}

# release -> name -> the codes of the errors it gives (only errors: deprecation warnings differ too).
EXPECTED = {
    "yoga": {"listener": [], "group": ["E3016"], "forward": ["E3014"], "yaql_format": []},
    "zed": {"forward": []},
    "2023.1": {"listener": [], "orphan_listener": ["E3026"], "group": ["E3016"], "alarm": ["E3014"]},
    "2023.2": {"image": ["E3016"], "yaql_format": []},
    "2024.1": {"listener": ["E3017"], "alarm": [], "image": [], "yaql_format": ["E8010"]},
    "2025.2": {"ipsec": ["E3019"]},
    "2026.2": {
        "listener": ["E3017"],
        "orphan_listener": ["E3017"],
        "group": [],
        "alarm": [],
        "ipsec": [],
        "yaql_format": ["E8010"],
    },
}


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def errors_by_file(output: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in output.splitlines():
        parts = line.split()
        if len(parts) > 2 and parts[1] == "error":
            found.setdefault(Path(parts[0].split(":")[0]).stem, []).append(parts[2])
    return found


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("releases")
    for name, resource in TEMPLATES.items():
        (folder / f"{name}.yaml").write_text(HEAD + resource)
    return folder


@pytest.mark.parametrize("release", sorted(EXPECTED))
def test_each_release_gives_its_own_verdicts(tree: Path, release: str):
    wanted = EXPECTED[release]
    args = ["check", *(f"{name}.yaml" for name in wanted)]
    if release != "2026.2":
        args += ["--heat-release", release]
    found = errors_by_file(run(*args, cwd=tree).stdout)
    assert {name: sorted(found.get(name, [])) for name in wanted} == wanted


def test_a_property_the_release_lacks_names_the_release_that_brought_it(tree: Path):
    result = run("check", "--heat-release", "2023.1", "group.yaml", cwd=tree)
    assert result.returncode == 1
    assert "It is new in 2026.2; this template is checked for 2023.1 (Antelope)." in result.stdout


def test_an_older_listener_needs_loadbalancer_or_default_pool(tree: Path):
    result = run("check", "--heat-release", "antelope", "orphan_listener.yaml", cwd=tree)
    assert "At least one of the following properties must be specified: loadbalancer, default_pool." in result.stdout


@pytest.mark.parametrize(
    "spelling",
    [s for r in RELEASES for s in (r.series, r.name, r.version) if s and (s == r.series or s.lower() != r.series)],
)
def test_every_release_is_chosen_by_series_name_and_version(tree: Path, spelling: str, capsys):
    # In-process (a process per spelling would take minutes): OS::Aodh::PrometheusAlarm came in 2024.1 (22.x).
    status = main(["check", "--heat-release", spelling, "--no-config", str(tree / "alarm.yaml")])
    output = capsys.readouterr().out
    release = next(r for r in RELEASES if spelling in (r.series, r.name, r.version))
    assert status == (1 if int(release.version.split(".")[0]) < 22 else 0), output
    assert ("E3014" in output) == (status == 1)


def test_an_unknown_release_is_a_usage_error_listing_the_valid_ones(tree: Path):
    for command in (
        ["check", "group.yaml"],
        ["render", "group.yaml"],
        ["resources", "group.yaml"],
        ["graph", "group.yaml"],
    ):
        result = run(*command, "--heat-release", "nonsense", cwd=tree)
        assert result.returncode == 2, command
        assert "--heat-release nonsense" in result.stderr
        for release in RELEASES:
            assert release.series in result.stderr and release.version in result.stderr


@pytest.mark.parametrize("command", ["render", "resources", "graph"])
def test_the_other_commands_take_the_release(tree: Path, command: str):
    result = run(command, "alarm.yaml", "--heat-release", "wallaby", cwd=tree)
    assert result.returncode == 0, result.stderr


def test_the_project_configuration_chooses_the_release(tmp_path: Path):
    (tmp_path / "listener.yaml").write_text(HEAD + TEMPLATES["listener"])
    assert run("check", "listener.yaml", cwd=tmp_path).returncode == 1
    (tmp_path / ".hot-lsp.toml").write_text('heat-release = "2023.1"\n')
    assert run("check", "listener.yaml", cwd=tmp_path).returncode == 0
    assert run("check", "listener.yaml", "--heat-release", "2026.2", cwd=tmp_path).returncode == 1


def test_a_configuration_naming_no_release_names_its_line(tmp_path: Path):
    (tmp_path / ".hot-lsp.toml").write_text('severity = "error"\nheat-release = "2023.3"\n')
    (tmp_path / "t.yaml").write_text(HEAD + TEMPLATES["listener"])
    result = run("check", "t.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert ".hot-lsp.toml:2: heat-release: '2023.3' is not a Heat release" in result.stderr
    assert "2023.1 (Antelope, 20.0.1)" in result.stderr


def test_resource_types_still_add_on_top_of_the_release(tmp_path: Path):
    widget = "  w:\n    type: Acme::Widget\n    properties: {size: 5}\n"
    (tmp_path / "t.yaml").write_text(HEAD + widget + TEMPLATES["alarm"])
    result = run("check", "t.yaml", "--heat-release", "2023.1", "--resource-types", str(ACME), cwd=tmp_path)
    assert errors_by_file(result.stdout) == {"t": ["E3014"]}  # the alarm alone: Acme::Widget is known
    assert "Acme::Widget" not in result.stdout.split("E3014", 1)[1].splitlines()[0]


def test_yaql_format_is_evaluated_as_the_releases_yaql_does(tree: Path):
    rendered = run("render", "yaql_format.yaml", "--heat-release", "2023.2", "--format", "json", cwd=tree)
    assert rendered.returncode == 0, rendered.stderr
    assert '"1-x2"' in rendered.stdout
    refused = run("check", "yaql_format.yaml", cwd=tree)
    assert "removed format(); up to 2023.2 Heat's yaql had it" in refused.stdout


def test_a_new_type_on_an_older_release_names_the_release_that_brought_it(tree: Path):
    done = run("check", "alarm.yaml", "--heat-release", "2023.1", cwd=tree)
    assert "It is new in 2024.1 (Caracal); this template is checked for 2023.1 (Antelope)." in done.stdout
