"""Heat 27.0.1's engine in this process, with only the cloud stood in for (dev only; runs in Heat's venv).

The update recorder (heat_update_outcomes.py) runs Heat's own EngineService here: legacy engine, an in-memory
sqlite database, tasks run at once in the caller's thread, engine-to-engine RPC a local call. What a cloud would
do is stood in for, never what Heat decides:
- a client call (``NeedsCloud``, from heat_verdicts) inside a handler or its completion check ends that step as
  a cloud that did it would (a made-up physical id on create); deleting a cloud-backed resource is the service's;
- the attribute a service would report is a value derived from the physical id (a replacement reports new ones);
- Keystone is Heat's own fake client, giving each stack user its own id and EC2 keypair as Keystone does;
- the catalogue gives every service an endpoint, Nova generous limits, an ``external_id`` names an object that
  exists, ``prepare_for_replace`` (ports detached, addresses freed) is the cloud's work;
- a completion check still waiting after MAX_POLLS polls (a wait condition's signal, a Delay) is taken as done.
A decision that needs a service (a client call outside those places) fails with NEEDS_CLOUD in its message.
"""

from __future__ import annotations

import itertools
import uuid

import heat_verdicts  # noqa: F401 (chooses Heat's backend, configures oslo and stands in for clients)
import oslo_messaging
from heat.db import api as db_api
from heat.db import models
from heat.engine import scheduler, service
from heat.engine.clients.os.keystone import fake_keystoneclient
from heat.rpc import client as rpc_client
from heat_verdicts import NEEDS_CLOUD, NeedsCloud, NoCloudPlugin, clients, resource
from oslo_config import cfg

MAX_POLLS = 50  # a completion check still waiting after this many polls waits for the world (a signal, a timer)
IDS = itertools.count(1)


# -------------------------------------------------------------------------------------------- the engine's setting


def configure() -> None:
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


def request_context():
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


def stand_ins(engine: service.EngineService) -> None:
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
            if not needs_cloud(error) and not (action == self.DELETE and cloud_backed(self)):
                raise
        if action == self.CREATE and self.resource_id is None and cloud_backed(self):
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
                if not needs_cloud(error):
                    raise

        return absorbed

    resource.Resource._prepare_update_replace_handler = prepare_update_replace_handler

    real_validate_external = resource.Resource.validate_external

    def validate_external(self):
        """An external_id names an object the service is asked to show: a cloud holding it answers."""
        try:
            real_validate_external(self)
        except Exception as error:  # noqa: BLE001
            if not needs_cloud(error):
                raise

    resource.Resource.validate_external = validate_external

    real_attribute = resource.Resource._resolve_any_attribute

    def resolve_any_attribute(self, attr):
        try:
            return real_attribute(self, attr)
        except Exception as error:  # noqa: BLE001
            if not needs_cloud(error):
                raise
            # What the service would report: tied to the physical resource, so a replacement reports new values.
            return f"{self.resource_id}:{attr}"

    resource.Resource._resolve_any_attribute = resolve_any_attribute


def cloud_backed(res) -> bool:
    """A resource whose handle_create asks a service (it got no physical id from Heat itself)."""
    module = type(res).__module__
    return ".openstack." in module and ".openstack.heat." not in module or ".aws." in module


def needs_cloud(error: BaseException | None) -> bool:
    while error is not None:
        if isinstance(error, NeedsCloud) or NEEDS_CLOUD in str(error):
            return True
        error = error.__cause__ or error.__context__
    return False


def unwrapped(error: BaseException) -> BaseException:
    return error.exc_info[1] if isinstance(error, oslo_messaging.ExpectedException) else error
