"""`hot-lsp render` as a user runs it: parameters, environments, output formats, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
REPO = EXAMPLES.parent

PARAMS = """\
heat_template_version: 2016-10-14
parameters:
  name: {type: string, default: web}
  size: {type: number, default: 1}
  zones: {type: comma_delimited_list, default: "a,b"}
resources:
  volume:
    type: OS::Cinder::Volume
    properties:
      name: {get_param: name}
      size: {get_param: size}
      availability_zone: {get_param: [zones, 0]}
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", "render", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


def rendered(*args: str, cwd: Path, code: int = 0) -> dict[str, Any]:
    result = run(*args, "--format", "json", cwd=cwd)
    assert result.returncode == code, result.stderr + result.stdout
    return json.loads(result.stdout)


def test_defaults_only(tmp_path: Path):
    write(tmp_path, "t.yaml", PARAMS)
    out = rendered("t.yaml", cwd=tmp_path)
    assert list(out) == ["version", "parameters", "conditions", "resources", "outputs", "errors"]
    assert out["version"] == "2016-10-14"
    assert out["parameters"] == {"name": "web", "size": 1, "zones": ["a", "b"]}
    volume = out["resources"]["volume"]
    assert volume["type"] == "OS::Cinder::Volume"
    assert volume["enabled"] is True
    # What the template writes, resolved as Heat resolves it: no property it does not write.
    assert volume["properties"] == {"name": "web", "size": 1, "availability_zone": "a"}
    assert out["errors"] == []


def test_with_defaults_shows_the_properties_as_heat_s_preview_does(tmp_path: Path):
    write(tmp_path, "t.yaml", PARAMS)
    volume = rendered("t.yaml", "--with-defaults", cwd=tmp_path)["resources"]["volume"]
    given = {"name": "web", "size": 1, "availability_zone": "a"}
    assert {key: value for key, value in volume["properties"].items() if key in given} == given
    # Every other property of the type as Heat's preview shows it: its default, else null.
    assert volume["properties"]["metadata"] == {} and volume["properties"]["multiattach"] is False
    assert volume["properties"]["backup_id"] is None and len(volume["properties"]) == 14


def test_parameters_override_defaults_and_are_typed(tmp_path: Path):
    write(tmp_path, "t.yaml", PARAMS)
    out = rendered("t.yaml", "-P", "name=db", "-P", "size=20", "-P", "zones=x,y", cwd=tmp_path)
    assert out["parameters"] == {"name": "db", "size": 20, "zones": ["x", "y"]}
    assert out["resources"]["volume"]["properties"]["availability_zone"] == "x"


def test_one_parameter_option_may_hold_several_as_in_heatclient(tmp_path: Path):
    write(tmp_path, "t.yaml", PARAMS)
    assert rendered("t.yaml", "-P", "name=db;size=3", cwd=tmp_path)["parameters"]["size"] == 3
    # With more than one -P, heatclient does not split: the ';' is part of the value.
    out = rendered("t.yaml", "-P", "name=a;b", "-P", "size=3", cwd=tmp_path)
    assert out["parameters"]["name"] == "a;b"
    # A name given twice becomes a list, as heatclient sends it.
    assert rendered("t.yaml", "-P", "zones=x", "-P", "zones=y", cwd=tmp_path)["parameters"]["zones"] == ["x", "y"]


def test_environment_files_apply_in_order_and_their_parameters_win_over_p(tmp_path: Path):
    write(tmp_path, "t.yaml", PARAMS)
    write(tmp_path, "one.yaml", "parameter_defaults:\n  name: from-one\n  size: 5\n")
    write(tmp_path, "two.yaml", "parameters:\n  size: 7\nparameter_defaults:\n  name: from-two\n")
    one = rendered("t.yaml", "--env", "one.yaml", cwd=tmp_path)
    assert one["parameters"]["name"] == "from-one"
    assert one["parameters"]["size"] == 5
    both = rendered("t.yaml", "--env", "one.yaml", "--env", "two.yaml", cwd=tmp_path)
    assert both["parameters"]["name"] == "from-two"  # the later file wins
    assert both["parameters"]["size"] == 7
    given = rendered("t.yaml", "--env", "one.yaml", "--env", "two.yaml", "-P", "size=9", "-P", "name=cli", cwd=tmp_path)
    # Heat's engine merges the environment files over the request's -P values (heat_results: inputs/values-over-env):
    # a file's parameters entry wins; -P wins over parameter_defaults.
    assert given["parameters"]["size"] == 7
    assert given["parameters"]["name"] == "cli"


def test_repeat_is_expanded_in_properties(tmp_path: Path):
    write(
        tmp_path,
        "t.yaml",
        """\
        heat_template_version: 2016-10-14
        parameters:
          ports: {type: comma_delimited_list, default: "80,443"}
        resources:
          group:
            type: OS::Neutron::SecurityGroup
            properties:
              rules:
                repeat:
                  for_each: {<%port%>: {get_param: ports}}
                  template: {protocol: tcp, port_range_min: <%port%>}
        """,
    )
    rules = rendered("t.yaml", cwd=tmp_path)["resources"]["group"]["properties"]["rules"]
    assert rules == [{"protocol": "tcp", "port_range_min": "80"}, {"protocol": "tcp", "port_range_min": "443"}]
    rules = rendered("t.yaml", "--with-defaults", cwd=tmp_path)["resources"]["group"]["properties"]["rules"]
    # Each rule as Heat's preview shows it: the port converted to the Integer the schema says, the rest defaulted.
    assert [(rule["protocol"], rule["port_range_min"], rule["direction"]) for rule in rules] == [
        ("tcp", 80, "ingress"),
        ("tcp", 443, "ingress"),
    ]


def test_disabled_resource_and_output(tmp_path: Path):
    write(
        tmp_path,
        "t.yaml",
        """\
        heat_template_version: 2016-10-14
        parameters:
          env: {type: string, default: test}
        conditions:
          prod: {equals: [{get_param: env}, prod]}
        resources:
          volume:
            type: OS::Cinder::Volume
            condition: prod
            properties: {size: 10}
        outputs:
          volume_id:
            value: {get_resource: volume}
            condition: prod
        """,
    )
    out = rendered("t.yaml", cwd=tmp_path)
    assert out["conditions"] == {"prod": False}
    assert out["resources"]["volume"]["enabled"] is False
    assert out["outputs"] == {"volume_id": None}
    prod = rendered("t.yaml", "-P", "env=prod", cwd=tmp_path)
    assert prod["resources"]["volume"]["enabled"] is True
    assert prod["outputs"] == {"volume_id": {"get_resource": "volume"}}


def test_run_time_values_stay_in_call_form(tmp_path: Path):
    write(
        tmp_path,
        "t.yaml",
        """\
        heat_template_version: 2016-10-14
        resources:
          server:
            type: OS::Nova::Server
            properties: {image: cirros, flavor: m1.small}
        outputs:
          address:
            value: {get_attr: [server, first_address]}
        """,
    )
    out = rendered("t.yaml", cwd=tmp_path)
    assert out["outputs"]["address"] == {"get_attr": ["server", "first_address"]}


def test_get_file_reads_beside_the_template_only(tmp_path: Path):
    project = tmp_path / "project"
    write(
        project,
        "stack/t.yaml",
        """\
        heat_template_version: 2016-10-14
        resources:
          config:
            type: OS::Heat::SoftwareConfig
            properties:
              config: {get_file: scripts/boot.sh}
        outputs:
          secret:
            value: {get_file: ../../outside.txt}
        """,
    )
    write(project, "stack/scripts/boot.sh", "#!/bin/sh\necho hi\n")
    write(tmp_path, "outside.txt", "not for you\n")
    out = rendered("stack/t.yaml", cwd=project)
    assert out["resources"]["config"]["properties"]["config"] == "#!/bin/sh\necho hi\n"
    assert out["outputs"]["secret"] == {"get_file": "../../outside.txt"}


def test_evaluation_errors_exit_one_and_still_render(tmp_path: Path):
    write(
        tmp_path,
        "t.yaml",
        """\
        heat_template_version: 2016-10-14
        outputs:
          x:
            value: {str_split: [",", "a,b", 5]}
          y:
            value: {str_split: [",", "a,b", 1]}
        """,
    )
    out = rendered("t.yaml", cwd=tmp_path, code=1)
    assert out["errors"][0]["path"] == "outputs.x.value.str_split"
    assert out["outputs"]["y"] == "b"


def test_yaml_output_reads_back_as_the_json_output(tmp_path: Path):
    write(
        tmp_path,
        "t.yaml",
        """\
        heat_template_version: 2016-10-14
        parameters:
          mode: {type: string, default: "0644"}
        resources:
          file:
            type: OS::Heat::Value
            properties:
              value:
                mode: {get_param: mode}
                flags: ["yes", "no", "on", "~", "null", "=", "1e3", "1:20", ".5", "2016-10-14", "true"]
                script: "#!/bin/sh\\necho 'hi'\\n"
                odd: "trailing  \\nspaces\\tand tabs"
                text: "café: ✓ # not a comment"
                "yes": 1
        outputs:
          day: {value: "2016-10-14"}
          nothing: {value: null}
        """,
    )
    yaml_run = run("t.yaml", cwd=tmp_path)
    assert yaml_run.returncode == 0, yaml_run.stderr
    assert yaml_run.stdout.endswith("\n")
    assert "'0644'" in yaml_run.stdout
    assert "'2016-10-14'" in yaml_run.stdout
    assert "script: |" in yaml_run.stdout  # multi-line strings as literal blocks
    assert yaml_run.stdout.index("version:") < yaml_run.stdout.index("parameters:") < yaml_run.stdout.index("errors:")
    as_json = rendered("t.yaml", cwd=tmp_path)
    assert YAML(typ="safe").load(yaml_run.stdout) == as_json
    assert as_json["resources"]["file"]["properties"]["value"]["flags"][0] == "yes"


def test_json_output_ends_with_a_newline(tmp_path: Path):
    write(tmp_path, "t.yaml", PARAMS)
    result = run("t.yaml", "--format", "json", cwd=tmp_path)
    assert result.stdout.endswith("}\n")
    assert '\n  "version"' in result.stdout  # indented by 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["t.yaml", "-P", "nope=1"],
            "hot-lsp render: unknown parameter 'nope' (the template declares: name, size, zones)",
        ),
        (["t.yaml", "-P", "name"], "malformed parameter 'name'"),
        (["missing.yaml"], "hot-lsp render: missing.yaml: No such file or directory"),
        (["plain.yaml"], "hot-lsp render: plain.yaml is not a HOT template (no heat_template_version)"),
        (["broken.yaml"], "broken.yaml:2:12: "),
        (["t.yaml", "--env", "missing.env"], "missing.env: No such file or directory"),
        (["t.yaml", "--env", "broken.yaml"], "broken.yaml:2:12: "),
        (["t.yaml", "--env", "latin1.env"], "latin1.env: the file is not UTF-8 text"),
        (["t.yaml", "--env", "t.yaml"], 'environment has wrong section "heat_template_version"'),
    ],
)
def test_usage_and_io_problems_exit_two(tmp_path: Path, args: list[str], message: str):
    write(tmp_path, "t.yaml", PARAMS)
    write(tmp_path, "plain.yaml", "name: not a template\nitems: [1, 2]\n")
    write(tmp_path, "broken.yaml", "heat_template_version: 2016-10-14\nresources: [\n")
    (tmp_path / "latin1.env").write_bytes("parameters:\n  name: caf\xe9\n".encode("latin-1"))
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_renders(example: Path):
    result = run(str(example), "--format", "json", cwd=REPO)
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr
    out = json.loads(result.stdout)
    assert out["version"] is not None


PLACEHOLDERS = """\
heat_template_version: 2021-04-16
parameters:
  prod: {type: boolean, default: true}
conditions:
  is_prod: {get_param: prod}
resources:
  choice:
    type: OS::Heat::None
    properties:
      size: {if: [is_prod, large, small]}
      names: {repeat: {for_each: {'%i%': ['a', 'b']}, template: 'n-%i%'}}
  aliased:
    type: My::Thing
    properties:
      zone: {if: [is_prod, {get_param: OS::stack_name}, none]}
      ports: {repeat: {for_each: {'<p>': ['80', '443']}, template: {port: '<p>'}}}
"""


def test_placeholder_and_registry_aliased_types_show_what_heat_resolves(tmp_path: Path):
    # Heat 27.0.1's own resolution of these definitions (function.resolve of each resource definition's properties,
    # stack "mystack", My::Thing mapped to OS::Heat::None by the environment):
    #   choice {"size": "large", "names": ["n-a", "n-b"]}
    #   aliased {"zone": "mystack", "ports": [{"port": "80"}, {"port": "443"}]}
    write(tmp_path, "t.yaml", PLACEHOLDERS)
    write(tmp_path, "env.yaml", "resource_registry:\n  My::Thing: OS::Heat::None\n")
    args = ("t.yaml", "--env", "env.yaml", "--stack-name", "mystack")
    out = rendered(*args, cwd=tmp_path)
    assert out["errors"] == []
    assert out["resources"]["choice"]["properties"] == {"size": "large", "names": ["n-a", "n-b"]}
    assert out["resources"]["aliased"]["properties"] == {"zone": "mystack", "ports": [{"port": "80"}, {"port": "443"}]}
    # Heat's stack preview shows a placeholder type's properties as its (empty) schema shapes them: none.
    shaped = rendered(*args, "--with-defaults", cwd=tmp_path)
    assert [shaped["resources"][name]["properties"] for name in ("choice", "aliased")] == [{}, {}]
