"""Heat 27.0.1's verdict on bundles, the way ``openstack stack create -t main.yaml -e env1 -e env2`` gets it
(dev only; runs in Heat's venv, beside heat_verdicts.py whose stand-ins for a cloud it shares).

Reads cases as JSON lines on stdin and writes one verdict per line on stdout. A case is
``{"id", "files": {relative path: text}, "main": "main.yaml", "environments": [relative paths]}``: the files are
written to a fresh folder, so python-heatclient reads them from disk exactly as the command would.

What runs is what ``stack create`` runs before a stack exists:
- python-heatclient 5.3 (``template_utils.process_template_path`` and ``process_multiple_environments_and_files``):
  the template, every nested template its ``type:`` paths and every registry entry name, every ``get_file``
  target relative to the file naming it, the environment files; a file it cannot read fails the command;
- the engine's ``_parse_template_and_validate_stack``: the environments merged server-side
  (``environment_util.merge_environments``: merge strategies, ``parameter_defaults``), the template validated,
  the stack built and ``Stack.validate()`` run strictly. At depth 0 that calls each nested resource's
  ``validate_nested_stack`` (``StackResource``: the child built with the parameters the parent passes and the
  stack's environment; ``ResourceGroup``: its first member), which fails the parent with
  ``resources.box<box.yaml>: ...``.

That check validates each nested stack non-strictly; an accepted bundle's nested stacks are then validated as the
engine validates them when it creates them (strictly, depth by depth), and a failure there is recorded beside the
verdict as ``at_create``: the request is accepted, the stack fails to create.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from heat.common import environment_format
from heat_verdicts import (
    NEEDS_CLOUD,
    ClientRefused,
    NeedsCloud,
    _context,
    environment,
    environment_util,
    made_up_parameters,
    parser,
    template_utils,
    templatem,
)
from oslo_serialization import jsonutils


def materialised(case: dict, folder: Path) -> None:
    for relative, text in case["files"].items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def submit(folder: Path, case: dict, run: int):
    """What the client sends and the engine does with it, up to a validated stack (or the exception it raised)."""
    try:
        files, template = template_utils.process_template_path(str(folder / case["main"]))
        named: list[str] = []
        environment_files, merged = template_utils.process_multiple_environments_and_files(
            env_paths=[str(folder / path) for path in case["environments"]], env_list_tracker=named
        )
    except Exception as error:  # heatclient's CommandError, URLError, a YAML error, ...
        raise ClientRefused(str(error)) from error
    files.update(environment_files)
    # The request travels as JSON: heatclient reads file contents as bytes, the engine receives them as text.
    sent = jsonutils.loads(jsonutils.dumps({"template": template, "files": files, "environment": merged}))
    template, files, merged = sent["template"], sent["files"], sent["environment"]
    tmpl = templatem.Template(template, files=files)
    # The API's InstantiationData.environment(): the merged environment only when no files are named, every
    # missing section added, then the values given on the command line (here, made up for parameters without one).
    parameters = environment_format.validate(merged) if merged and not named else {}
    environment_format.default_for_missing(parameters)
    parameters["parameters"].update(made_up_parameters(template, run))
    environment_util.merge_environments(named, files, parameters, tmpl.all_param_schemata(files))
    tmpl.env = environment.Environment(parameters)
    tmpl.validate()
    stack = parser.Stack(_context(), "conformance", tmpl)
    stack.validate()
    return stack


def create_time_fault(stack, path: str = "") -> str | None:
    """What the nested stacks' own validation says when the engine creates them, after the request was accepted.

    The create check validates a nested stack with strict validation off (``validate_nested_stack``), so values
    inside a child (a group member's properties) are first compared when the engine creates that nested stack:
    ``create_stack`` at depth 1 and below runs ``Stack.validate()`` strictly. The stack then fails to create."""
    from heat.engine.resources import stack_resource  # here: heat_verdicts must choose Heat's backend first

    for resource in stack.resources.values():
        if not isinstance(resource, stack_resource.StackResource):
            continue
        where = f"{path}resources.{resource.name}"
        try:
            nested = resource._parse_nested_stack(
                f"{stack.name}-{resource.name}", resource.child_template(), resource.child_params()
            )
            nested.validate()
        except Exception as error:  # noqa: BLE001 (every failure is the verdict)
            return f"{where}: {error}"
        deeper = create_time_fault(nested, where + ".")
        if deeper:
            return deeper
    return None


def verdict(case: dict) -> dict:
    """One run: every parameter of a seed's main template has a default, so no value is made up to decide it."""
    with tempfile.TemporaryDirectory(prefix="bundle-") as directory:
        materialised(case, Path(directory))
        try:
            stack = submit(Path(directory), case, 0)
        except Exception as error:  # noqa: BLE001 (every failure is a verdict)
            # The folder is a throwaway: messages name files relative to it, as the bundle's own paths.
            message = (str(error) or type(error).__name__).replace(directory + os.sep, "").replace(directory, "")
            if NEEDS_CLOUD in message or isinstance(error, NeedsCloud):
                return {"verdict": "cloud", "message": message[:300]}
            kind = "client" if isinstance(error, ClientRefused) else "rejected"
            return {"verdict": kind, "error": type(error).__name__, "message": message[:600]}
        try:
            later = create_time_fault(stack)
        except Exception as error:  # noqa: BLE001 (building a nested stack can fail in ways validation did not)
            later = f"{type(error).__name__}: {error}"
    if later:
        return {"verdict": "accepted", "at_create": later.replace(directory + os.sep, "").replace(directory, "")[:600]}
    return {"verdict": "accepted"}


def main() -> None:
    for line in sys.stdin:
        case = json.loads(line)
        answer = verdict(case)
        answer["id"] = case["id"]
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
