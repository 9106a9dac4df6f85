"""Heat 27.0.1's verdict on templates, the way ``openstack stack create`` would get it (dev only; runs in Heat's venv).

Reads cases as JSON lines on stdin and writes one verdict per line on stdout. A case is
``{"id", "template": absolute path, "text": the template's text, "environments": [absolute paths]}``.

What happens to each case is what openstackclient and Heat's engine do before a stack is created:
python-heatclient reads the template and its environments (``template_utils``: every ``get_file`` and nested
template ``type`` fetched and rewritten to its absolute URL, the environments sent by name), then the engine's
``_parse_template_and_validate_stack`` path runs: the environments merged server-side, the template validated,
the stack built and ``Stack.validate()`` run with strict validation (every resource's property values resolved,
nested templates validated).

There is no cloud. Three things stand in for one, so that only what can be known offline decides a verdict:
- every resource type's service is taken to be available;
- the client-backed custom constraints (``nova.flavor``, ``glance.image``, ...) accept every value, as a cloud
  holding what the template names would;
- client plugins answer the questions a finder or a version check asks (a name resolves to itself, every API
  version and extension exists); any other request to a service raises ``NeedsCloud`` and the verdict is "cloud",
  which the conformance harness leaves out (the answer would depend on the cloud).

A parameter without a default gets a made-up value (one satisfying its constraints where a simple value can),
and every case is run twice with two different made-up values: when the verdicts differ, the verdict is
"values" (it depends on the values the user will give, which a checker cannot know).
"""

from __future__ import annotations

import json
import logging
import re
import sys
import warnings
from urllib import parse

warnings.simplefilter("ignore")

from oslo_service import backend  # noqa: E402 (Heat needs its backend chosen before it is imported)

backend.init_backend(backend.BackendType.THREADING)
logging.disable(logging.CRITICAL)

from oslo_config import cfg  # noqa: E402

cfg.CONF([], project="heat", default_config_files=[])

from heat.common import context as heat_context  # noqa: E402
from heat.common import environment_util, messaging  # noqa: E402
from heat.engine import clients, constraints, environment, resource, resources  # noqa: E402
from heat.engine import stack as parser  # noqa: E402
from heat.engine import template as templatem  # noqa: E402
from heat.engine.resources.openstack.nova import server as nova_server  # noqa: E402
from heatclient.common import template_utils  # noqa: E402

messaging.setup("fake://")  # group resources build an RPC client while they validate
resources.initialise()

NEEDS_CLOUD = "HOT-LSP-NEEDS-CLOUD"


class NeedsCloud(Exception):
    pass


class NoCloudPlugin:
    """A client plugin that answers what needs no service and refuses the rest."""

    TRUE = frozenset({"is_version_supported", "has_extension", "does_endpoint_exist", "ignore_not_found"})
    FALSE = re.compile(r"^is_(?!version_supported)")  # is_not_found, is_conflict, ...: the error is not theirs
    RESOLVES_TO_ITSELF = re.compile(r"^find_|^get_\w*_id$|_by_name_or_id$|_id_from_")

    def __init__(self, real, name: str) -> None:
        self._real = real
        self._name = name

    def __getattr__(self, attribute: str):
        if attribute in self.TRUE:
            return lambda *args, **kwargs: True
        if self.FALSE.match(attribute):
            return lambda *args, **kwargs: False
        if self.RESOLVES_TO_ITSELF.match(attribute):
            return lambda *args, **kwargs: args[-1] if args else None
        value = getattr(self._real, attribute)
        if callable(value) and not isinstance(value, type):

            def refuse(*args, **kwargs):
                raise NeedsCloud(f"{NEEDS_CLOUD} {self._name}.{attribute}")

            return refuse
        return value


def _without_a_cloud() -> None:
    resource.Resource._validate_service_availability = classmethod(lambda cls, *args, **kwargs: None)
    constraints.BaseCustomConstraint.validate_with_client = lambda self, client, value: None
    real_plugin = clients.OpenStackClients.client_plugin

    def plugin(self, name=None):
        return NoCloudPlugin(real_plugin(self, name), name)

    def client(self, name=None, *args, **kwargs):
        raise NeedsCloud(f"{NEEDS_CLOUD} client {name}")

    clients.OpenStackClients.client_plugin = plugin
    clients.OpenStackClients.client = client
    # The image's and flavor's sizes are compared by asking Glance and Nova: a cloud question.
    nova_server.Server._validate_image_flavor = lambda self, image, flavor: None


_without_a_cloud()

# Values for a parameter without a default: (first run, second run) by custom constraint, then by type.
BY_CONSTRAINT = {
    "ip_addr": ("10.0.0.1", "192.168.1.1"),
    "net_cidr": ("10.0.0.0/24", "192.168.0.0/16"),
    "ip_or_cidr": ("10.0.0.1", "10.0.0.0/24"),
    "mac_addr": ("fa:16:3e:00:00:01", "fa:16:3e:00:00:02"),
    "iso_8601": ("2030-01-01T00:00:00Z", "2031-06-01T12:00:00Z"),
    "expiration": ("2099-01-01T00:00:00Z", "2098-06-01T12:00:00Z"),
    "cron_expression": ("0 * * * *", "*/5 * * * *"),
    "timezone": ("UTC", "Europe/Paris"),
    "dns_name": ("example.com", "host.example.org"),
    "dns_domain": ("example.com.", "example.org."),
    "rel_dns_name": ("host", "other"),
    "json_string": ("{}", '{"k": "v"}'),
}
# (A json value may be any JSON: a map first, then a string, so a verdict that hangs on its kind shows as "values".)
BY_TYPE = {"number": (1, 2), "boolean": (False, True), "comma_delimited_list": ("a,b", "c"), "json": ({}, '"x"')}


def made_up_value(definition: dict, run: int):
    constraint_list = definition.get("constraints")
    constraint_list = constraint_list if isinstance(constraint_list, list) else []
    length = 1
    for constraint in constraint_list:
        if not isinstance(constraint, dict):
            continue
        allowed = constraint.get("allowed_values")
        if isinstance(allowed, list) and allowed:
            return allowed[run % len(allowed)]
        named = constraint.get("custom_constraint")
        if isinstance(named, str) and named in BY_CONSTRAINT:
            return BY_CONSTRAINT[named][run]
        bounds = constraint.get("range")
        if definition.get("type") == "number" and isinstance(bounds, dict) and bounds:
            first, second = bounds.get("min", bounds.get("max")), bounds.get("max", bounds.get("min"))
            return (first, second)[run]
        sized = constraint.get("length")
        if isinstance(sized, dict) and isinstance(sized.get("min"), int):
            length = max(length, sized["min"])
    if definition.get("type") in BY_TYPE:
        return BY_TYPE[definition["type"]][run]
    return ("x", "y")[run] * length


def made_up_parameters(template, run: int) -> dict:
    declared = template.get("parameters") if isinstance(template, dict) else None
    if not isinstance(declared, dict):
        return {}
    return {
        name: made_up_value(definition, run)
        for name, definition in declared.items()
        if isinstance(definition, dict) and definition.get("default") is None
    }


def _context():
    return heat_context.RequestContext.from_dict(
        {
            "tenant_id": "project",
            "tenant": "project",
            "username": "user",
            "user_id": "user",
            "is_admin": True,
            "auth_url": "http://127.0.0.1:5000/v3",
            "auth_token": "token",
            "roles": [],
        }
    )


def read_request(root_url: str, root_text: str):
    """heatclient's object_request: the case's text for the template itself, the file system for the rest."""

    def request(method, url):
        if url == root_url:
            return root_text
        path = parse.unquote(parse.urlparse(url).path)
        try:
            with open(path, encoding="utf-8") as handle:
                return handle.read()
        except OSError as error:
            raise ClientRefused(f"Could not fetch contents for {url}: {error.strerror}") from error

    return request


class ClientRefused(Exception):
    """What python-heatclient itself refuses before Heat is asked (a file it cannot read, a template it cannot parse)."""


def submit(case: dict, run: int):
    """What the client sends and the engine does with it, up to a validated stack (or the exception it raised)."""
    root_url = "file://" + parse.quote(case["template"])
    try:
        files, template = template_utils.get_template_contents(
            template_object=root_url, object_request=read_request(root_url, case["text"])
        )
        named = []
        environment_files, merged = template_utils.process_multiple_environments_and_files(
            env_paths=case.get("environments") or [], env_list_tracker=named
        )
    except ClientRefused:
        raise
    except Exception as error:  # heatclient's CommandError, a YAML error, ...
        raise ClientRefused(str(error)) from error
    files.update(environment_files)
    tmpl = templatem.Template(template, files=files)
    parameters = {"parameters": made_up_parameters(template, run), "parameter_defaults": {}, "resource_registry": {}}
    if not named and merged:
        parameters.update(merged)
    environment_util.merge_environments(named, files, parameters, tmpl.all_param_schemata(files))
    tmpl.env = environment.Environment(parameters)
    tmpl.validate()
    stack = parser.Stack(_context(), "conformance", tmpl)
    stack.validate()


# Heat's messages that name the parameter whose value they refuse.
PARAMETER_NAMED = re.compile(r"Parameter '([^']+)' is invalid|The Parameter \(([^)]+)\) was not provided")


def verdict(case: dict) -> dict:
    outcomes = []
    for run in (0, 1):
        try:
            submit(case, run)
            outcomes.append({"verdict": "accepted"})
        except Exception as error:  # noqa: BLE001 (every failure is a verdict)
            message = f"{type(error).__name__}: {error}" if not str(error) else str(error)
            if NEEDS_CLOUD in message or isinstance(error, NeedsCloud):
                return {"verdict": "cloud", "message": message[:300]}
            kind = "client" if isinstance(error, ClientRefused) else "rejected"
            outcomes.append({"verdict": kind, "error": type(error).__name__, "message": message[:600]})
        if run == 0 and not made_up_parameters_needed(case):
            break
    if len(outcomes) == 2 and outcomes[0]["verdict"] != outcomes[1]["verdict"]:
        return {"verdict": "values", "message": outcomes[0].get("message") or outcomes[1].get("message", "")}
    named = PARAMETER_NAMED.search(outcomes[0].get("message", ""))
    if named and (named.group(1) or named.group(2)) in made_up_names(case):
        # Heat refuses the value made up for a parameter without a default: the user's value decides.
        return {"verdict": "values", "message": outcomes[0]["message"]}
    return outcomes[0]


def made_up_names(case: dict) -> set[str]:
    try:
        files, template = template_utils.get_template_contents(
            template_object="file://" + parse.quote(case["template"]),
            object_request=read_request("file://" + parse.quote(case["template"]), case["text"]),
        )
    except Exception:  # noqa: BLE001 - no template, no parameters
        return set()
    return set(made_up_parameters(template, 0))


def made_up_parameters_needed(case: dict) -> bool:
    return "parameters" in case["text"]  # cheap: a second run only where parameters may lack defaults


def main() -> None:
    for line in sys.stdin:
        case = json.loads(line)
        answer = verdict(case)
        answer["id"] = case["id"]
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
