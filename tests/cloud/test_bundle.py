"""The bundle is what openstackclient sends: compared, as data, with python-heatclient 5.3's own template_utils
run in the Heat venv (HOT_LSP_HEAT_VENV, else the cache folder tools/local_heat.py prepares, else
/tmp/heat-27-venv); the rest needs no heatclient."""

from __future__ import annotations

import base64
import http.server
import json
import os
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hot_lsp.cloud.bundle import Bundle, BundleError, bundle

# What ``openstack orchestration template validate -t T -e E... -P k=v...`` puts in its request, computed by
# openstackclient's own code (heatclient.osc.v1.template._validate) with a client that keeps the fields, then
# serialised as heatclient's HTTP client serialises a request body (oslo jsonutils).
REFERENCE = """
import argparse, json, sys
from heatclient.osc.v1 import template
from oslo_serialization import jsonutils

class Stacks:
    def validate(self, **fields):
        print(jsonutils.dumps(fields))
        return {}

class Client:
    stacks = Stacks()

args = json.loads(sys.argv[1])
template._validate(Client(), argparse.Namespace(
    template=args["template"], environment=args["environments"] or None, parameter=args["parameters"],
    ignore_errors=None, show_nested=False, files_container=None))
"""


def heat_venv_python() -> Path | None:
    """The Heat venv's python: $HOT_LSP_HEAT_VENV, else the folder tools/local_heat.py prepares, then the one
    the recording tools make."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    chosen = os.environ.get("HOT_LSP_HEAT_VENV") or str(cache / "hot-lsp" / "heat-27.0.1")
    for venv in (Path(chosen), Path("/tmp/heat-27-venv")):
        python = venv / "bin" / "python"
        if python.is_file():
            return python
    return None


@pytest.fixture(scope="module")
def heat_python() -> Path:
    python = heat_venv_python()
    if python is None:
        reason = (
            "no Heat venv with python-heatclient (set HOT_LSP_HEAT_VENV, or run tools/local_heat.py prepare): "
            "the bundle cannot be compared with openstackclient's"
        )
        if os.environ.get("HOT_LSP_REQUIRE_LIVE") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    return python


def openstackclient_body(python: Path, template: Path, environments: list[Path], parameters: list[str]) -> Any:
    argument = json.dumps(
        {"template": str(template), "environments": [str(e) for e in environments], "parameters": parameters}
    )
    done = subprocess.run(
        [str(python), "-c", REFERENCE, argument], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def as_sent(body: dict[str, Any]) -> Any:
    return json.loads(json.dumps(body))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A web server on 127.0.0.1 for a remote get_file: openstackclient fetches it, so the bundle does too."""
    folder = tmp_path_factory.mktemp("served")
    (folder / "remote.txt").write_text("fetched from the web\n")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def write(root: Path, files: dict[str, str | bytes]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)


def tree(url: str) -> dict[str, str | bytes]:
    """Two levels of nesting, get_file at the top and below, a ResourceGroup of a local template, a registry
    entry to a local template, a remote get_file, YAML 1.1 scalars and a file that is not UTF-8."""
    return {
        "app/root.yaml": f"""\
heat_template_version: 2018-08-31
description: the root
parameters:
  name: {{type: string, default: 2016-10-14}}
  flag: {{type: boolean, default: yes}}
  mode: {{type: number, default: 0644}}
resources:
  child:
    type: nested/child.yaml
    properties:
      script: {{get_file: scripts/setup.sh}}
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: member.yaml
        properties: {{index: "%index%"}}
  custom:
    type: My::Custom
  remote:
    type: OS::Heat::Value
    properties:
      value: {{get_file: {url}/remote.txt}}
  blob:
    type: OS::Heat::Value
    properties:
      value: {{get_file: /{{abs}}/blob.bin}}
  plain:
    type: OS::Heat::SoftwareConfig
    properties:
      config: {{get_file: nested/data.json}}
outputs:
  out: {{value: {{get_attr: [child, value]}}}}
""",
        "app/scripts/setup.sh": "#!/bin/sh\r\necho 'set up' \u00e9\n",
        "app/member.yaml": "heat_template_version: 2018-08-31\nparameters:\n  index: {type: string}\n",
        "app/nested/child.yaml": """\
heat_template_version: 2018-08-31
parameters:
  script: {type: string}
resources:
  grandchild:
    type: deeper/grandchild.yaml
    properties:
      again: {get_file: ../scripts/setup.sh}
      data: {get_file: data.json}
outputs:
  value: {value: {get_attr: [grandchild, value]}}
""",
        "app/nested/data.json": '{"not": "a template", "n": 1e3}\n',
        "app/nested/deeper/grandchild.yaml": """\
heat_template_version: 2018-08-31
parameters:
  again: {type: string}
  data: {type: string}
resources:
  leaf:
    type: OS::Heat::Value
    properties:
      value: {get_file: leaf.txt}
      type: string
outputs:
  value: {value: on}
""",
        "app/nested/deeper/leaf.txt": "leaf\n",
        "app/custom.yaml": """\
heat_template_version: 2018-08-31
resources:
  inner:
    type: OS::Heat::SoftwareConfig
    properties:
      config: {get_file: scripts/setup.sh}
""",
        "env/first.yaml": """\
resource_registry:
  My::Custom: ../app/custom.yaml
  My::Alias: OS::Heat::None
  resources:
    group:
      hooks: pre-create
parameter_defaults:
  name: first
  settings: {a: 1, b: {c: 2, d: 3}}
  listed: [1, 2]
  kept: {k: v}
""",
        "env/second.yaml": """\
parameter_defaults:
  name: second
  settings: {b: {d: 4}, e: null}
  listed: [3]
  kept: null
parameters:
  flag: no
""",
    }


def test_the_request_body_is_openstackclients(tmp_path: Path, heat_python: Path, served: str) -> None:
    files = tree(served)
    files["app/root.yaml"] = str(files["app/root.yaml"]).replace("/{abs}", str(tmp_path / "data"))
    files["data/blob.bin"] = bytes(range(256))
    write(tmp_path, files)
    template = tmp_path / "app" / "root.yaml"
    environments = [tmp_path / "env" / "first.yaml", tmp_path / "env" / "second.yaml"]

    expected = openstackclient_body(heat_python, template, environments, ["name=x", "flag=false"])
    ours = bundle(template, environments).request_body(parameters={"name": "x", "flag": "false"})

    assert set(ours) == set(expected) == {"template", "files", "environment", "environment_files", "parameters"}
    assert ours["files"].keys() == expected["files"].keys()
    for url, text in expected["files"].items():
        assert ours["files"][url] == text, url
    for key in ("template", "environment", "environment_files", "parameters"):
        assert ours[key] == expected[key], key
    assert ours == expected == as_sent(ours)


def test_what_was_rewritten(tmp_path: Path, served: str) -> None:
    files = tree(served)
    files["app/root.yaml"] = str(files["app/root.yaml"]).replace("/{abs}/blob.bin", "scripts/setup.sh")
    write(tmp_path, files)
    app = (tmp_path / "app").resolve().as_uri()
    made = bundle(tmp_path / "app" / "root.yaml", [tmp_path / "env" / "first.yaml", tmp_path / "env" / "second.yaml"])

    resources = made.template["resources"]
    assert made.template_url == f"{app}/root.yaml"
    assert resources["child"]["type"] == f"{app}/nested/child.yaml"
    assert resources["group"]["properties"]["resource_def"]["type"] == f"{app}/member.yaml"
    assert resources["remote"]["properties"]["value"] == {"get_file": f"{served}/remote.txt"}
    assert made.files[f"{served}/remote.txt"] == "fetched from the web\n"
    assert made.template["parameters"]["name"]["default"] == "2016-10-14"
    assert made.template["parameters"]["flag"]["default"] is True
    assert made.template["parameters"]["mode"]["default"] == 0o644

    child = json.loads(made.files[f"{app}/nested/child.yaml"])  # a nested template is sent as JSON, rewritten
    assert child["resources"]["grandchild"]["type"] == f"{app}/nested/deeper/grandchild.yaml"
    assert child["resources"]["grandchild"]["properties"]["again"] == {"get_file": f"{app}/scripts/setup.sh"}
    assert json.loads(made.files[f"{app}/nested/deeper/grandchild.yaml"])["outputs"]["value"]["value"] is True
    assert made.files[f"{app}/nested/data.json"] == '{"not": "a template", "n": 1e3}\n'  # not a template: text
    assert made.files[f"{app}/scripts/setup.sh"] == "#!/bin/sh\r\necho 'set up' \u00e9\n"

    first, second = made.environment_files
    assert first.endswith("/env/first.yaml") and second.endswith("/env/second.yaml")
    registry = json.loads(made.files[first])["resource_registry"]
    assert registry["My::Custom"] == f"{app}/custom.yaml" and registry["My::Alias"] == "OS::Heat::None"
    assert made.environment["resource_registry"]["My::Custom"] == f"{app}/custom.yaml"
    assert json.loads(made.files[f"{app}/custom.yaml"])["resources"]["inner"]["properties"]["config"] == {
        "get_file": f"{app}/scripts/setup.sh"
    }
    assert made.environment["parameter_defaults"] == {
        "name": "second",
        "settings": {"a": 1, "b": {"c": 2, "d": 4}, "e": None},
        "listed": [3],
        "kept": {"k": "v"},
    }
    assert made.environment["parameters"] == {"flag": False}


def test_request_body_fields(tmp_path: Path) -> None:
    write(tmp_path, {"t.yaml": "heat_template_version: 2018-08-31\n"})
    made = bundle(tmp_path / "t.yaml")
    assert made.request_body() == {"template": made.template, "files": {}, "environment": {}, "parameters": {}}
    body = made.request_body(stack_name="s", parameters={"a": "1"}, disable_rollback=True)
    assert body["stack_name"] == "s" and body["parameters"] == {"a": "1"} and body["disable_rollback"] is True
    body["template"]["changed"] = 1
    assert "changed" not in made.template


def cases() -> dict[str, dict[str, str | bytes]]:
    """Smaller trees, each a rule of heatclient's, compared with it one by one."""
    return {
        "json root, .yml and .template types": {
            "t.yaml": '  {"heat_template_version": "2016-10-14", "resources": {"a": {"type": "x.yml"}, '
            '"b": {"type": "n.template"}, "c": {"type": "OS::Heat::None", "metadata": {"type": "m.yaml"}}}}',
            "n.template": "heat_template_version: 2016-10-14\n",
            "m.yaml": "just: text\n",
        },
        "nested file that does not parse, empty file, not UTF-8": {
            "t.yaml": "heat_template_version: 2016-10-14\nresources:\n  a: {type: bad.yaml}\n"
            "  b: {type: OS::Heat::Value, properties: {value: {get_file: empty.txt}}}\n"
            "  c: {type: OS::Heat::Value, properties: {value: {get_file: latin.txt}}}\n",
            "bad.yaml": "heat_template_version: 2016-10-14\nresources: [\n",
            "empty.txt": "",
            "latin.txt": "caf\xe9".encode("latin-1"),
        },
        "registry base_url and per-resource entries": {
            "t.yaml": "heat_template_version: 2016-10-14\nresources:\n  a: {type: My::A}\n",
            "e.yaml": "resource_registry:\n  base_url: {base}/lib\n  My::A: a.yaml\n  resources:\n    a:\n"
            "      My::B: b.yaml\n      hooks: [pre-create]\n      base_url: {base}/other\n"
            "event_sinks: []\nencrypted_param_names: [x]\n",
            "lib/a.yaml": "heat_template_version: 2016-10-14\n",
            "other/b.yaml": "heat_template_version: 2016-10-14\nresources:\n  z: {type: ../lib/a.yaml}\n",
        },
        "the same file twice, aliases and merge keys": {
            "t.yaml": "heat_template_version: 2016-10-14\nresources:\n  a: &a {type: n.yaml, properties: {x: 1}}\n"
            "  b: *a\n  c: {<<: *a, metadata: {m: {get_file: n.yaml}}}\n",
            "n.yaml": "heat_template_version: 2016-10-14\ndescription: 2016-10-14T10:00:00Z\n",
        },
    }


@pytest.mark.parametrize("name", list(cases()))
def test_smaller_trees_are_bundled_as_openstackclient_does(name: str, tmp_path: Path, heat_python: Path) -> None:
    files = {
        path: content.replace("{base}", tmp_path.as_uri()) if isinstance(content, str) else content
        for path, content in cases()[name].items()
    }
    write(tmp_path, files)
    environments = [tmp_path / "e.yaml"] if "e.yaml" in files else []
    expected = openstackclient_body(heat_python, tmp_path / "t.yaml", environments, [])
    assert bundle(tmp_path / "t.yaml", environments).request_body() == expected


def test_a_missing_nested_template_names_it_and_where_it_is_named(tmp_path: Path) -> None:
    write(tmp_path, {"t.yaml": "heat_template_version: 2016-10-14\nresources:\n  a: {type: sub/missing.yaml}\n"})
    with pytest.raises(BundleError) as raised:
        bundle(tmp_path / "t.yaml")
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith(str(tmp_path.resolve() / "sub" / "missing.yaml"))
    assert "No such file" in message and message.endswith(f"named in {tmp_path.resolve() / 't.yaml'}")


def test_a_missing_template_or_environment(tmp_path: Path) -> None:
    with pytest.raises(BundleError, match=r"nothing\.yaml: cannot read it"):
        bundle(tmp_path / "nothing.yaml")
    write(tmp_path, {"t.yaml": "heat_template_version: 2016-10-14\n"})
    with pytest.raises(BundleError, match=r"env\.yaml: cannot read it"):
        bundle(tmp_path / "t.yaml", [tmp_path / "env.yaml"])


def test_a_yaml_error_names_the_file_and_line(tmp_path: Path) -> None:
    write(tmp_path, {"t.yaml": "\n\nheat_template_version: 2016-10-14\nresources: [\n"})
    with pytest.raises(BundleError) as raised:
        bundle(tmp_path / "t.yaml")
    assert str(raised.value).startswith(f"{tmp_path.resolve() / 't.yaml'}:")
    assert "the YAML does not parse" in str(raised.value) and "\n" not in str(raised.value)

    write(tmp_path, {"t.yaml": "heat_template_version: 2016-10-14\n", "e.yaml": "parameter_defaults: {a: [\n"})
    with pytest.raises(BundleError, match=r"e\.yaml:1: the YAML does not parse"):
        bundle(tmp_path / "t.yaml", [tmp_path / "e.yaml"])


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"t.yaml": "description: no version\n"}, "no heat_template_version"),
        ({"t.yaml": ""}, "the template is empty"),
        ({"t.yaml": '{"heat_template_version": '}, "the JSON does not parse"),
        ({"t.yaml": "heat_template_version: 2016-10-14\nx: !Ref y\n"}, "cannot read the tag"),
        ({"t.yaml": "x: 1\n---\ny: 2\n"}, "the YAML does not parse"),
        ({"t.yaml": b"heat_template_version: caf\xe9\n"}, "not UTF-8"),
    ],
)
def test_a_root_that_is_not_a_template(tmp_path: Path, files: dict[str, str | bytes], message: str) -> None:
    write(tmp_path, files)
    with pytest.raises(BundleError, match=message):
        bundle(tmp_path / "t.yaml")


@pytest.mark.parametrize(
    ("environment", "message"),
    [
        ("resources: {}\n", "unknown section 'resources'"),
        ("- a\n", "not a mapping"),
        ("resource_registry: [a]\n", "resource_registry is not a mapping"),
        ("resource_registry: {My::A: 1}\n", "neither a string nor a mapping"),
        ("resource_registry: {resources: {r: x.yaml}}\n", "resources.r is not a mapping"),
    ],
)
def test_an_environment_heatclient_refuses(tmp_path: Path, environment: str, message: str) -> None:
    write(tmp_path, {"t.yaml": "heat_template_version: 2016-10-14\n", "e.yaml": environment})
    with pytest.raises(BundleError, match=message):
        bundle(tmp_path / "t.yaml", [tmp_path / "e.yaml"])


def test_an_unreachable_remote_file(tmp_path: Path) -> None:
    write(tmp_path, {"t.yaml": "heat_template_version: 2016-10-14\nx: {get_file: 'http://127.0.0.1:1/f'}\n"})
    with pytest.raises(BundleError, match=r"^http://127\.0\.0\.1:1/f: cannot read it .*named in .*t\.yaml$"):
        bundle(tmp_path / "t.yaml")


def test_a_template_that_includes_itself_terminates(tmp_path: Path) -> None:
    # heatclient recurses until Python's stack runs out; the bundle sends each file once, rewritten.
    write(
        tmp_path,
        {
            "t.yaml": "heat_template_version: 2016-10-14\nresources:\n  me: {type: t.yaml}\n  b: {type: b.yaml}\n"
            "  text: {type: OS::Heat::Value, properties: {value: {get_file: t.yaml}}}\n",
            "b.yaml": "heat_template_version: 2016-10-14\nresources:\n  a: {type: ./t.yaml}\n  b: {type: b.yaml}\n",
        },
    )
    made = bundle(tmp_path / "t.yaml")
    here = tmp_path.resolve().as_uri()
    assert set(made.files) == {f"{here}/t.yaml", f"{here}/b.yaml"}
    assert json.loads(made.files[f"{here}/t.yaml"]) == made.template
    assert made.template["resources"]["me"]["type"] == f"{here}/t.yaml"
    assert json.loads(made.files[f"{here}/b.yaml"])["resources"] == {
        "a": {"type": f"{here}/t.yaml"},
        "b": {"type": f"{here}/b.yaml"},
    }


def test_a_file_that_is_not_utf8_is_sent_in_base64(tmp_path: Path) -> None:
    write(
        tmp_path,
        {"t.yaml": "heat_template_version: 2016-10-14\nx: {get_file: b.bin}\n", "b.bin": b"\xff\xfe" * 60},
    )
    made = bundle(tmp_path / "t.yaml")
    (text,) = made.files.values()
    assert base64.decodebytes(text.encode()) == b"\xff\xfe" * 60 and text.count("\n") == 3  # lines of 76


def test_a_merge_that_heatclient_cannot_make(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "t.yaml": "heat_template_version: 2016-10-14\n",
            "a.yaml": "parameter_defaults: {x: [1], y: {z: 1}}\n",
            "b.yaml": "parameter_defaults: {x: {}, y: null}\n",
            "c.yaml": "parameter_defaults: {x: {k: 1}}\n",
        },
    )
    merged = bundle(tmp_path / "t.yaml", [tmp_path / "a.yaml", tmp_path / "b.yaml"]).environment
    assert merged == {"parameter_defaults": {"x": [1], "y": {"z": 1}}}  # an empty mapping or a null changes nothing
    with pytest.raises(BundleError, match=r"c\.yaml: a mapping cannot be merged"):
        bundle(tmp_path / "t.yaml", [tmp_path / "a.yaml", tmp_path / "c.yaml"])


def test_the_bundle_is_frozen(tmp_path: Path) -> None:
    write(tmp_path, {"t.yaml": "heat_template_version: 2016-10-14\n"})
    made = bundle(tmp_path / "t.yaml")
    assert isinstance(made, Bundle)
    with pytest.raises(AttributeError):
        made.template_url = "x"  # type: ignore[misc]
