#!/usr/bin/env python3
"""Record the resource properties Heat 27.0.1's stack preview shows for the templates of tests/previews (dev only).

Usage: python3 tools/record_heat_previews.py [--venv DIR]

Creates (or reuses) a venv at DIR (default /tmp/heat-27-venv) holding openstack-heat==27.0.1, re-runs itself with
that venv's python, and writes tests/previews/heat_previews.json. The test suite never runs this script; it only
reads the JSON (tests/test_cli_render_preview.py).

Per template, what ``POST /stacks/preview`` answers, without a database or a cloud: the stack parsed and
validated (``Stack.validate``, as ``preview_stack`` does first), then ``heat.engine.api.format_stack_preview``,
whose ``properties`` of each resource are ``format_resource_properties``: every property of the type's schema,
the value given, else the default, else null. Two things stand in for what a deployed Heat has:

* the types of examples/catalogues/acme.json are registered as a plugin would register them (a
  ``heat.engine.resource.Resource`` subclass per type, its ``properties_schema`` and ``attributes_schema`` built
  from the catalogue's entries), so a plugin type is previewed by Heat's own code;
* what Heat asks the cloud while it validates (custom constraints such as ``nova.flavor`` and ``glance.image``,
  whether a service is there, a server's image and flavor) is taken as satisfied: there is no cloud here.

Each template's record is ``{"resources": {name: {"type": ..., "properties": {...}}}}``, or ``{"error": message}``
when Heat refuses it (a case meant to be accepted then shows as a failure in the test).
"""

from __future__ import annotations

import json
from pathlib import Path

from heat_venv import prepare_heat_import, request_context, run_in_heat_venv  # tools/, beside this script

HEAT_VERSION = "27.0.1"
ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "previews"
RESULTS = CASES / "heat_previews.json"
PLUGIN_CATALOGUE = ROOT / "examples" / "catalogues" / "acme.json"


def plugin_classes(catalogue: dict) -> dict:
    """A Heat resource class per type of a catalogue, declared as a plugin declares its schema."""
    from heat.engine import attributes, constraints, properties, resource

    def constraint(entry: dict):
        (kind, value), *_ = entry.items()
        if kind == "range":
            return constraints.Range(value.get("min"), value.get("max"))
        if kind == "length":
            return constraints.Length(value.get("min"), value.get("max"))
        if kind == "allowed_values":
            return constraints.AllowedValues(value)
        if kind == "allowed_pattern":
            return constraints.AllowedPattern(value)
        raise ValueError(f"constraint {kind} is not made here")

    def schema(entry: dict) -> properties.Schema:
        nested = entry.get("schema")
        return properties.Schema(
            entry["type"],
            entry.get("description"),
            default=entry.get("default"),
            schema={key: schema(child) for key, child in nested.items()} if nested else None,
            required=entry.get("required", False),
            constraints=[constraint(c) for c in entry.get("constraints", [])],
            update_allowed=entry.get("update_allowed", False),
        )

    classes = {}
    for name, entry in catalogue["resource_types"].items():
        namespace = {
            "properties_schema": {key: schema(value) for key, value in entry.get("properties", {}).items()},
            "attributes_schema": {
                key: attributes.Schema(value.get("description"), type=value.get("type"))
                for key, value in entry.get("attributes", {}).items()
            },
        }
        classes[name] = type(name.replace(":", ""), (resource.Resource,), namespace)
    return classes


def record() -> None:
    prepare_heat_import()

    from heat.common import template_format
    from heat.engine import api, constraints, environment, resource, resources, stack, template
    from heat.engine.resources.openstack.nova import server

    resources.initialise()
    for name, cls in plugin_classes(json.loads(PLUGIN_CATALOGUE.read_text())).items():
        resources.global_env().register_class(name, cls)
    constraints.CustomConstraint._is_valid = lambda self, value, schema, context, template=None: True
    resource.Resource.is_service_available = classmethod(lambda cls, context: (True, None))
    server.Server._validate_image_flavor = lambda self, image, flavor: None
    ctx = request_context()
    results = {}
    for path in sorted(CASES.glob("*.yaml")):
        tmpl = template.Template(template_format.parse(path.read_text()), env=environment.Environment({}))
        previewed = stack.Stack(ctx, "preview", tmpl)
        try:
            previewed.validate()
            shown = api.format_stack_preview(previewed)
        except Exception as exc:  # a refusal is worth recording: the test says which case Heat refused
            results[path.name] = {"error": str(exc)}
            continue
        results[path.name] = {
            "resources": {
                r["resource_name"]: {"type": r["resource_type"], "properties": r["properties"]}
                for r in shown["resources"]
            }
        }
    RESULTS.write_text(json.dumps({"heat_version": HEAT_VERSION, "previews": results}, indent=1, sort_keys=True) + "\n")
    print(f"{len(results)} previews recorded in {RESULTS}")


def main() -> None:
    run_in_heat_venv(__file__, __doc__.splitlines()[0], HEAT_VERSION, record)


if __name__ == "__main__":
    main()
