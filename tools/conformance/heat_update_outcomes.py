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

Only what talks to a cloud is stood in for: a client call (``NeedsCloud``, from heat_verdicts) inside a handler
or its completion check ends that step as a cloud that did it would (a fake physical id on create); the attribute
a service would report is a value derived from the physical id (a replaced resource reports new values);
Keystone is Heat's own fake client; the RPC between engines is a call into the same EngineService, synchronous;
a completion check that still waits after many polls (a wait condition's signal, a Delay) is taken as done.
A decision that needs a service (a client call outside a handler) makes the pair's result ``cloud``.

Outcomes are observed where StackUpdate decides, in every stack it updates (the top one, and every nested stack
and group Heat updates): ``added`` (created under a new name), ``deleted`` (a name gone), ``replaced`` (a new
resource created in place of the old one, including a class change), ``updated`` (Resource.update ran the
handler), ``unchanged`` (Resource.update found nothing to do). Resources of a nested stack that is created or
deleted whole are not listed (their parent's outcome says it).
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

import heat_verdicts  # noqa: F401 (chooses Heat's backend, configures oslo and stands in for clients)
import oslo_messaging
from heat.common import environment_format
from heat.db import api as db_api
from heat.db import models
from heat.engine import scheduler, service, update
from heat.engine.clients.os.keystone import fake_keystoneclient
from heat.objects import stack as stack_object
from heat.rpc import client as rpc_client
from heat_bundle_verdicts import materialised
from heat_verdicts import NEEDS_CLOUD, NeedsCloud, NoCloudPlugin, clients, resource, template_utils
from oslo_config import cfg
from oslo_serialization import jsonutils

MAX_POLLS = 50  # a completion check still waiting after this many polls waits for the world (a signal, a timer)
OUTCOMES: dict[tuple[str | None, str], tuple[str, str]] = {}  # (parent path, name) -> (type, outcome)
IDS = itertools.count(1)


# -------------------------------------------------------------------------------------------- the engine's setting


def _configure() -> None:
    """Legacy engine (the issue's "real legacy Stack.update"), a fresh sqlite database, no sleeping between polls."""
    cfg.CONF.set_override("convergence_engine", False)
    # Stored credentials rather than Keystone trusts: a trust is checked against Keystone on every stack load.
    cfg.CONF.set_override("deferred_auth_method", "password")
    cfg.CONF.set_override("connection", "sqlite://", group="database")
    cfg.CONF.set_override("sqlite_synchronous", False, group="database")
    engine = db_api.get_engine()
    models.BASE.metadata.create_all(engine)
    cfg.CONF.register_opts(oslo_messaging.rpc.client._client_opts)  # rpc_response_timeout, read by NotifyEvent
    cfg.CONF.set_override("heat_metadata_server_url", "http://heat-cfn.test:8000")
    scheduler.ENABLE_SLEEP = False  # what Heat's own tests switch off: polls follow each other at once


def _context():
    from heat.common import context

    return context.RequestContext.from_dict(
        {
            "tenant_id": "project",
            "tenant": "project",
            "username": "user",
            "user_id": "user",
            "password": "password",
            "is_admin": True,
            "auth_url": "http://127.0.0.1:5000/v3",
            "auth_token": "token",
            "roles": ["admin"],  # the policy keeps Keystone and flavor types to administrators
        }
    )


class Done:
    """What a thread of the ThreadGroupManager returns: here the work already ran, so linking runs the callback."""

    def link(self, callback, *args, **kwargs) -> None:
        callback(self, *args, **kwargs)


class InlineThreads(service.ThreadGroupManager):
    """The engine's thread group manager, running each task at once in the caller's thread: an update's nested
    stack update is finished when the parent polls for it, as it would be after the parent's polls."""

    def start(self, stack_id, func, *args, **kwargs):
        func(*args, **kwargs)
        return Done()


class KeystonePlugin(NoCloudPlugin):
    """The no-cloud plugin, but exception filters stay the real ones (they decide nothing and ask no service), and
    the catalogue answers with an endpoint for every service (a URL is written into a handle, never compared)."""

    def __getattr__(self, attribute: str):
        if attribute.startswith("ignore_"):
            return getattr(self._real, attribute)
        if attribute == "absolute_limits":  # Nova's quotas, asked when a server has metadata: a generous cloud's
            return lambda: {"maxServerMeta": 128, "maxPersonality": 5, "maxPersonalitySize": 10240}
        if attribute == "url_for" or (attribute.startswith("get_heat") and attribute.endswith("_url")):
            return lambda *args, **kwargs: f"http://{kwargs.get('service_type', attribute)}.test/v1"
        return super().__getattr__(attribute)


class Credentials:
    def __init__(self, user_id: str) -> None:
        self.id, self.access, self.secret = f"cred-{user_id}", f"access-{user_id}", f"secret-{user_id}"


class Keystone(fake_keystoneclient.FakeKeystoneClient):
    """Heat's fake Keystone, giving each stack user its own id and EC2 keypair as Keystone does: the fake's one
    fixed user and access key made a replaced wait condition handle's signed URL differ only by its timestamp,
    so whether its wait condition changed hung on the clock."""

    def create_stack_user(self, username, password):
        return f"user-{next(IDS)}"

    def create_stack_domain_user(self, username, project_id, password=None):
        return f"user-{next(IDS)}"

    def get_ec2_keypair(self, access, user_id):
        return Credentials(user_id)

    def create_ec2_keypair(self, user_id):
        return Credentials(user_id)

    def create_stack_domain_user_keypair(self, user_id, project_id):
        return Credentials(user_id)

    def delete_ec2_keypair(self, credential_id=None, user_id=None, access=None):
        pass

    def delete_stack_user(self, user_id):
        pass


class Refusing:
    """A service's API: every request to it needs the cloud."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str):
        raise NeedsCloud(f"{NEEDS_CLOUD} {self._name}.{attribute}")


def _stand_ins(engine: service.EngineService) -> None:
    fake_keystone = Keystone()
    no_cloud_plugin = clients.OpenStackClients.client_plugin  # heat_verdicts' stand-in around the real plugin

    def plugin(self, name=None):
        return KeystonePlugin(no_cloud_plugin(self, name)._real, name)

    fake_keystone.client = Refusing("keystone")  # Heat's fake answers the stack-user calls, not the API

    def client(self, name=None, *args, **kwargs):
        if name == "keystone":
            return fake_keystone
        raise NeedsCloud(f"{NEEDS_CLOUD} client {name}")

    clients.OpenStackClients.client_plugin = plugin
    clients.OpenStackClients.client = client

    def call(self, ctxt, msg, version=None, timeout=None):
        """Engine-to-engine RPC: the same engine, in this process; the server side of oslo.messaging sends the
        exception an ``expected_exceptions`` method wraps, not the wrapper."""
        try:
            return getattr(engine, msg[0])(ctxt, **msg[1])
        except oslo_messaging.ExpectedException as wrapped:
            raise wrapped.exc_info[1] from None

    rpc_client.EngineClient.call = call
    rpc_client.EngineClient.cast = lambda self, ctxt, msg, version=None: call(self, ctxt, msg)

    real_task = resource.Resource.action_handler_task

    def action_handler_task(self, action, args=None, action_prefix=None):
        task = real_task(self, action, args, action_prefix)
        try:
            for polls, step in enumerate(task):
                if polls > MAX_POLLS:
                    task.close()
                    break
                yield step
        except Exception as error:  # noqa: BLE001 (only a cloud's absence is absorbed)
            # Deleting a cloud-backed resource is wholly the service's work (its id, here a made-up one, is
            # parsed by some plugins: a router interface's "router:subnet").
            if not _needs_cloud(error) and not (action == self.DELETE and _cloud_backed(self)):
                raise
        if action == self.CREATE and self.resource_id is None and _cloud_backed(self):
            self.resource_id_set(str(uuid.UUID(int=next(IDS))))

    resource.Resource.action_handler_task = action_handler_task

    real_replace_handler = resource.Resource._prepare_update_replace_handler

    def prepare_update_replace_handler(self, action):
        """prepare_for_replace / restore_prev_rsrc (a server's ports detached, a port's addresses freed) are
        the cloud's work around a replacement already decided."""
        handler = real_replace_handler(self, action)
        if handler is None:
            return None

        def absorbed():
            try:
                handler()
            except Exception as error:  # noqa: BLE001
                if not _needs_cloud(error):
                    raise

        return absorbed

    resource.Resource._prepare_update_replace_handler = prepare_update_replace_handler

    real_validate_external = resource.Resource.validate_external

    def validate_external(self):
        """An external_id names an object the service is asked to show: a cloud holding it answers."""
        try:
            real_validate_external(self)
        except Exception as error:  # noqa: BLE001
            if not _needs_cloud(error):
                raise

    resource.Resource.validate_external = validate_external

    real_attribute = resource.Resource._resolve_any_attribute

    def resolve_any_attribute(self, attr):
        try:
            return real_attribute(self, attr)
        except Exception as error:  # noqa: BLE001
            if not _needs_cloud(error):
                raise
            # What the service would report: tied to the physical resource, so a replacement reports new values.
            return f"{self.resource_id}:{attr}"

    resource.Resource._resolve_any_attribute = resolve_any_attribute


def _cloud_backed(res) -> bool:
    """A resource whose handle_create asks a service (it got no physical id from Heat itself)."""
    module = type(res).__module__
    return ".openstack." in module and ".openstack.heat." not in module or ".aws." in module


def _needs_cloud(error: BaseException | None) -> bool:
    while error is not None:
        if isinstance(error, NeedsCloud) or NEEDS_CLOUD in str(error):
            return True
        error = error.__cause__ or error.__context__
    return False


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


def _unwrapped(error: BaseException) -> BaseException:
    return error.exc_info[1] if isinstance(error, oslo_messaging.ExpectedException) else error


def _clean(text: str, *folders: Path) -> str:
    """A message without the throwaway folders: files named as the bundle names them (file://lib/box.yaml)."""
    for folder in folders:
        text = text.replace(str(folder) + os.sep, "").replace(str(folder), "")
    return text[:600]


def _message(error: BaseException, folder: Path) -> str:
    error = _unwrapped(error)
    return _clean(str(error) or type(error).__name__, folder)


def outcome(engine: service.EngineService, pair: dict) -> dict:
    OUTCOMES.clear()
    context = _context()
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
            result = "cloud" if _needs_cloud(_unwrapped(error)) else "create_failed"
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
            error = _unwrapped(error)
            result = "cloud" if _needs_cloud(error) else "refused"
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
    _configure()
    engine = service.EngineService("recorder", "engine")
    engine.engine_id = "recorder-engine"
    engine.thread_group_mgr = InlineThreads()
    _stand_ins(engine)
    _observe()
    for line in sys.stdin:
        pair = json.loads(line)
        started = time.monotonic()
        try:
            answer = outcome(engine, pair)
        except Exception as error:  # noqa: BLE001 (a recorder fault is reported, not hidden)
            error = _unwrapped(error)
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
