"""What Heat 27.0.1's real stack update does to each resource of a pair of bundles (dev only; runs in Heat's venv).

Reads pairs as JSON lines on stdin (``{"id", "old": side, "new": side}``, a side being
``{"files", "template", "environments", "parameters"}``) and writes one answer per line on stdout:
``{"id", "result", "message", "resources": [{"resource_name", "resource_type", "parent", "outcome"}]}``.

Heat's own engine runs in this process, legacy (non-convergence) path, on an in-memory sqlite database:
- each side is bundled by python-heatclient exactly as ``openstack stack create|update -t main.yaml -e ... -P ...``
  sends it (heat_bundle_verdicts.submit's reading of the files);
- ``EngineService.create_stack`` builds the old stack and creates it for real (the plugins' handle_create where no
  service is involved: RandomString, Value, TestResource, SoftwareConfig, nested stacks, groups...), so every
  resource is left CREATE_COMPLETE with the stored resolved properties and ids a real create leaves;
- ``EngineService.update_stack`` then runs what ``openstack stack update`` runs: immutable parameters, validation,
  ``Stack.update`` -> ``StackUpdate`` -> ``Resource.update`` with the plugins' own ``_needs_update``,
  ``needs_replace*``, translations, restricted actions and ``handle_update`` (the base class's, which replaces).

Only what talks to a cloud is stood in for (heat_update_engine.py says what and why); a decision that needs a
service makes the pair's result ``cloud``.

Outcomes are observed where StackUpdate decides, in every stack it updates (the top one, and every nested stack
and group Heat updates): ``added`` (created under a new name), ``deleted`` (a name gone), ``replaced`` (a new
resource created in place of the old one, including a class change), ``updated`` (Resource.update ran the
handler), ``unchanged`` (Resource.update found nothing to do). Resources of a nested stack that is created or
deleted whole are not listed (their parent's outcome says it).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

import heat_update_engine  # noqa: F401 (imported first: it chooses Heat's backend before Heat is imported)
from heat.common import environment_format
from heat.engine import resource, service, update
from heat.objects import stack as stack_object
from heat_bundle_verdicts import materialised
from heat_update_engine import NEEDS_CLOUD, InlineThreads, configure, needs_cloud, request_context, stand_ins, unwrapped
from heat_verdicts import template_utils
from oslo_serialization import jsonutils

OUTCOMES: dict[tuple[str | None, str], tuple[str, str]] = {}  # (parent path, name) -> (type, outcome)


# ------------------------------------------------------------------------------------------------ the observation


def _path(context, stack) -> str | None:
    """The resource names from the top stack to ``stack``, joined by "/" (None for the top)."""
    names = []
    owner_id, name = stack.owner_id, stack.parent_resource_name
    while owner_id is not None:
        names.append(name)
        owner = stack_object.Stack.get_by_id(context, owner_id, show_deleted=True)
        owner_id, name = owner.owner_id, owner.parent_resource_name
    return "/".join(reversed(names)) or None


# A nested stack can be updated more than once in one stack update (a group's rolling_update batches: each batch
# moves some members and leaves the others "unchanged"): a resource's outcome is the strongest it got.
STRENGTH = {"unchanged": 0, "updated": 1, "replaced": 2, "added": 3, "deleted": 3}


def _note(stack, name: str, res_type: str, outcome: str) -> None:
    key = (_path(stack.context, stack), name)
    if key not in OUTCOMES or STRENGTH[outcome] > STRENGTH[OUTCOMES[key][1]]:
        OUTCOMES[key] = (res_type, outcome)


def _observe() -> None:
    """Hooks on StackUpdate's own steps: they record what it decided and change nothing."""
    real_new = update.StackUpdate._process_new_resource_update
    real_existing = update.StackUpdate._process_existing_resource_update
    real_create = update.StackUpdate._create_resource
    real_no_change = resource.Resource._persist_update_no_change

    def process_new(self, new_res):
        name = new_res.name
        existed = name in self.existing_stack
        self._deciding = getattr(self, "_deciding", {})
        self._deciding[name] = "updated" if existed else "added"
        yield from real_new(self, new_res)
        _note(self.existing_stack, name, new_res.type(), self._deciding.pop(name))

    def create_resource(self, new_res):
        if getattr(self, "_deciding", {}).get(new_res.name) == "updated":
            self._deciding[new_res.name] = "replaced"
        yield from real_create(self, new_res)

    def process_existing(self, existing_res):
        name = existing_res.name
        if name not in self.new_stack:
            _note(self.existing_stack, name, existing_res.type(), "deleted")
        yield from real_existing(self, existing_res)

    def no_change(self, new_template_id):
        self._unchanged_by_update = True
        return real_no_change(self, new_template_id)

    real_update_in_place = update.StackUpdate._update_in_place

    def update_in_place(self, existing_res, new_res, is_substituted=False):
        existing_res._unchanged_by_update = False
        yield from real_update_in_place(self, existing_res, new_res, is_substituted)
        current = self.existing_stack[existing_res.name]
        if getattr(current, "_unchanged_by_update", False) or getattr(existing_res, "_unchanged_by_update", False):
            self._deciding[existing_res.name] = "unchanged"

    update.StackUpdate._process_new_resource_update = process_new
    update.StackUpdate._create_resource = create_resource
    update.StackUpdate._process_existing_resource_update = process_existing
    update.StackUpdate._update_in_place = update_in_place
    resource.Resource._persist_update_no_change = no_change


# ---------------------------------------------------------------------------------------------------- one pair


def _request(folder: Path, side: dict) -> dict:
    """What ``openstack stack create|update -t T -e E... -P k=v...`` sends to the engine for ``side``."""
    files, template = template_utils.process_template_path(str(folder / side["template"]))
    named: list[str] = []
    environment_files, merged = template_utils.process_multiple_environments_and_files(
        env_paths=[str(folder / path) for path in side["environments"]], env_list_tracker=named
    )
    files.update(environment_files)
    sent = jsonutils.loads(jsonutils.dumps({"template": template, "files": files, "environment": merged}))
    params = environment_format.validate(sent["environment"]) if sent["environment"] and not named else {}
    environment_format.default_for_missing(params)
    params["parameters"].update(side["parameters"])
    return {"template": sent["template"], "files": sent["files"], "params": params, "environment_files": named}


def _clean(text: str, *folders: Path) -> str:
    """A message without the throwaway folders: files named as the bundle names them (file://lib/box.yaml)."""
    for folder in folders:
        text = text.replace(str(folder) + os.sep, "").replace(str(folder), "")
    return text[:600]


def _message(error: BaseException, folder: Path) -> str:
    error = unwrapped(error)
    return _clean(str(error) or type(error).__name__, folder)


def outcome(engine: service.EngineService, pair: dict) -> dict:
    OUTCOMES.clear()
    context = request_context()
    name = "pair-" + "".join(c if c.isalnum() else "-" for c in pair["id"])[:80]
    with tempfile.TemporaryDirectory(prefix="update-") as directory:
        old_folder, new_folder = Path(directory, "old"), Path(directory, "new")
        materialised({"files": pair["old"]["files"]}, old_folder)
        materialised({"files": pair["new"]["files"]}, new_folder)
        old = _request(old_folder, pair["old"])
        try:
            identity = engine.create_stack(
                context,
                name,
                old["template"],
                old["params"],
                old["files"],
                {"disable_rollback": True},
                environment_files=old["environment_files"],
            )
            status = stack_object.Stack.get_status(context, identity["stack_id"])
            if status[:2] != ("CREATE", "COMPLETE"):
                raise RuntimeError(status[2])
        except Exception as error:  # noqa: BLE001
            # The old stack cannot be had offline (its create needs a service: OS::Heat::Stack asks a Heat
            # endpoint), or the pair is a mistake of update_pairs.py (create_failed: fix the pair).
            result = "cloud" if needs_cloud(unwrapped(error)) else "create_failed"
            return {"result": result, "message": _message(error, old_folder), "resources": []}
        try:
            new = _request(new_folder, pair["new"])
            engine.update_stack(
                context,
                identity,
                new["template"],
                new["params"],
                new["files"],
                {},
                environment_files=new["environment_files"],
            )
        except Exception as error:  # noqa: BLE001 (refused before anything: every refusal is the answer)
            error = unwrapped(error)
            result = "cloud" if needs_cloud(error) else "refused"
            return {"result": result, "message": _message(error, new_folder), "resources": []}
        action, state, reason, _ = stack_object.Stack.get_status(context, identity["stack_id"])
    reason = _clean(reason, old_folder, new_folder)
    answer = {"result": "updated", "message": reason}
    if (action, state) != ("UPDATE", "COMPLETE"):
        answer = {"result": "cloud" if NEEDS_CLOUD in reason else "failed", "message": reason}
    # A failed update stops where the failing resource's task stops the others, which depends on the order Heat
    # takes independent resources in (it varies from run to run): only a finished update lists its resources.
    answer["resources"] = [
        {"resource_name": n, "resource_type": _relative(t, old_folder, new_folder), "parent": parent, "outcome": o}
        for (parent, n), (t, o) in sorted(OUTCOMES.items(), key=lambda item: (item[0][0] or "", item[0][1]))
        if answer["result"] == "updated"
    ]
    return answer


def _relative(res_type: str, *folders: Path) -> str:
    """A template resource's type as written: heatclient made ``box.yaml`` the URL file:///FOLDER/box.yaml."""
    for folder in folders:
        res_type = res_type.replace(f"file://{folder}/", "")
    return res_type


def main() -> None:
    configure()
    engine = service.EngineService("recorder", "engine")
    engine.engine_id = "recorder-engine"
    engine.thread_group_mgr = InlineThreads()
    stand_ins(engine)
    _observe()
    for line in sys.stdin:
        pair = json.loads(line)
        started = time.monotonic()
        try:
            answer = outcome(engine, pair)
        except Exception as error:  # noqa: BLE001 (a recorder fault is reported, not hidden)
            error = unwrapped(error)
            if os.environ.get("HOT_LSP_TRACE"):
                import traceback

                traceback.print_exception(error)
            answer = {"result": "error", "message": f"{type(error).__name__}: {error}"[:600], "resources": []}
        answer["id"] = pair["id"]
        if time.monotonic() - started > 2:
            print(f"{pair['id']}: {time.monotonic() - started:.1f} s", file=sys.stderr)
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
