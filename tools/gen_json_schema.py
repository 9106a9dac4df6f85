#!/usr/bin/env python3
"""Write schemas/hot.schema.json, a JSON Schema of HOT templates for generic YAML tooling (dev only).

python3 tools/gen_json_schema.py          # rewrite schemas/hot.schema.json
python3 tools/gen_json_schema.py --check  # exit 1 if the committed file is out of date

Everything comes from hot_lsp's own tables (``hot_lsp.spec``: versions, sections and keys, parameter types and
constraint kinds, functions) and the resource type catalogue (``builtin_catalogue()``), so the schema follows them.

Draft-07, because yaml-language-server (and the vscode-json-languageservice it builds on) implements draft-07 in
full; its 2019-09/2020-12 support is partial (redhat-developer/yaml-language-server#856, #1112). Hence
``definitions`` rather than ``$defs``, ``deprecationMessage``/``doNotSuggest`` (VS Code extensions that
yaml-language-server honours) rather than ``deprecated``, and no keyword next to a ``$ref``.

The schema says what Heat 27.0.1 accepts, never less: property literals are typed the way Heat converts them
(``heat/engine/properties.py``: a String takes numbers and booleans, an Integer takes numeric strings and floats, a
Boolean takes 'true'/'false' in any case, null means "use the default"), and any value that may be computed may be an
intrinsic function instead. Checks it cannot state without false errors (custom constraints, ranges of numeric
strings, version-specific keys and functions) are left to hot-lsp.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hot_lsp.spec import (  # noqa: E402
    CONSTRAINT_KINDS,
    DELETION_POLICIES,
    FUNCTIONS,
    OUTPUT_KEY_DOCS,
    PARAMETER_KEY_DOCS,
    PARAMETER_TYPES,
    RESOURCE_KEY_DOCS,
    SECTION_DOCS,
    UNDEFINED_SECTION,
    VERSIONS,
    FunctionRecord,
)
from hot_lsp.spec.parameters import CONSTRAINT_VALUE_KEYS  # noqa: E402
from hot_lsp.spec.resource_types import Catalogue, PropertySchema, ResourceType, builtin_catalogue  # noqa: E402
from hot_lsp.spec.structure import PARAMETER_GROUP_KEY_DOCS  # noqa: E402

TARGET = ROOT / "schemas" / "hot.schema.json"
DRAFT = "http://json-schema.org/draft-07/schema#"
FUNCTION = {"$ref": "#/definitions/function"}
CONDITION_FUNCTION = {"$ref": "#/definitions/condition_function"}

# What Heat's property conversion accepts besides the JSON type itself (null always means "not given").
_INT_TEXT = r"^\s*[-+]?\d+(_\d+)*\s*$"  # int(): sign, digits, underscores between digits, surrounding blanks
_FLOAT_TEXT = (
    r"^\s*[-+]?((\d+(_\d+)*)?\.?\d+(_\d+)*([eE][-+]?\d+)?|\d+(_\d+)*\.|"
    r"[iI][nN][fF]([iI][nN][iI][tT][yY])?|[nN][aA][nN])\s*$"
)  # float()
_BOOL_TEXT = r"^([tT][rR][uU][eE]|[fF][aA][lL][sS][eE])$"  # 'true'/'false' in any case, nothing else
LITERALS: dict[str, dict[str, Any]] = {
    "String": {
        "$comment": "A String property: a string; Heat also takes an integer or a boolean as its text (not a float).",
        "type": ["string", "integer", "boolean", "null"],
    },
    "Integer": {
        "$comment": "An Integer property: Heat applies int(), so a float, a boolean or an integer string work too.",
        "type": ["integer", "number", "boolean", "string", "null"],
        "pattern": _INT_TEXT,
        "patternErrorMessage": "Heat expects an integer here.",
    },
    "Number": {
        "$comment": "A Number property: a number, or a string Python reads as one ('1.5', '1e3').",
        "type": ["number", "boolean", "string", "null"],
        "pattern": _FLOAT_TEXT,
        "patternErrorMessage": "Heat expects a number here.",
    },
    "Boolean": {
        "$comment": "A Boolean property: true or false, or the string 'true' or 'false' in any case (not 'yes').",
        "type": ["boolean", "string", "null"],
        "pattern": _BOOL_TEXT,
        "patternErrorMessage": "Heat expects true or false here (a quoted 'yes' or 'on' is refused).",
    },
    "List": {"$comment": "A List property: a list.", "type": ["array", "null"]},
    "Map": {"$comment": "A Map property: a map.", "type": ["object", "null"]},
}
# Heat's "length" counts characters, items or keys according to the property type.
LENGTH_KEYWORDS = {
    "String": ("minLength", "maxLength"),
    "List": ("minItems", "maxItems"),
    "Map": ("minProperties", "maxProperties"),
}
SHARED_MIN_CHARS = 300  # a property schema this long that occurs twice or more goes into definitions once


# ---------------------------------------------------------------------------------------------------------------
# Text


def _status_note(status: Any, replacement: str | None = None) -> str | None:
    """'Deprecated: <message>' for hidden and deprecated things; None for the rest."""
    if status.status not in ("HIDDEN", "DEPRECATED"):
        return None
    word = "Hidden in Heat (kept only so existing stacks still work)" if status.hidden else "Deprecated"
    message = (status.message or "").strip()
    if replacement and replacement not in message:
        message = f"{message} Use {replacement} instead.".strip()
    return f"{word}: {message}" if message else f"{word}."


def _first_sentence(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    match = re.match(r"(.+?[.!?])(\s|$)", text)
    sentence = match.group(1) if match else text
    return sentence if len(sentence) <= limit else sentence[: limit - 1].rstrip() + "…"


def _function_doc(spec: FunctionRecord) -> str:
    if spec.removed_in:
        when = f"only in {spec.since} (removed from {spec.removed_in})"
    elif spec.normal:
        when = f"from {spec.since}"
    else:
        when = f"a condition function from {spec.condition_since}"
    return f"{spec.signature}\n\n{spec.doc}\n\nReturns: {spec.returns} ({when})"


# ---------------------------------------------------------------------------------------------------------------
# Functions and conditions


def function_definitions() -> dict[str, Any]:
    """A single-key map naming an intrinsic function (of any HOT version), and the same for conditions."""
    normal = {name: spec for name, spec in FUNCTIONS.items() if spec.normal}
    conditional = {name: spec for name, spec in FUNCTIONS.items() if spec.condition_since is not None}
    return {
        "function": {
            "$comment": (
                "An intrinsic function call: a map with exactly one key, the function name. "
                "Which names work depends on heat_template_version (hot-lsp checks that)."
            ),
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "properties": {name: {"description": _function_doc(spec)} for name, spec in normal.items()},
            "additionalProperties": False,
        },
        "condition_function": {
            "$comment": "A condition function call: a map with exactly one key, the function name.",
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "properties": {name: {"description": _function_doc(spec)} for name, spec in conditional.items()},
            "additionalProperties": False,
        },
        "condition_definition": {
            "description": (
                "A boolean or a condition function (equals, not, and, or, get_param of a boolean parameter, ...). "
                "A bare condition name is not a definition: wrap it in not/and/or."
            ),
            "anyOf": [{"type": "boolean"}, CONDITION_FUNCTION],
        },
        "condition_reference": {
            "description": "A condition name, a boolean or an inline condition function.",
            "anyOf": [{"type": ["string", "boolean"]}, CONDITION_FUNCTION],
        },
    }


def computed(schema: dict[str, Any], description: str | None = None) -> dict[str, Any]:
    """``schema``, or an intrinsic function in its place."""
    out: dict[str, Any] = {"description": description} if description else {}
    out["anyOf"] = [schema, FUNCTION]
    return out


# ---------------------------------------------------------------------------------------------------------------
# Resource properties


def allowed_values_schema(kind: str, allowed: list[Any]) -> dict[str, Any] | None:
    """The literals Heat lets through ``allowed_values``: it converts both sides to the property type first.

    A String compares str(value), so 4 matches '4' and true matches 'True'. Integer and Number compare numbers,
    so any string is left to Heat (int(' 04 ') is 4). None for kinds where an enum would mislead.
    """
    if kind not in ("String", "Integer", "Number"):
        return None  # booleans and maps: rare, and their conversions make an enum misleading
    values: list[Any] = []

    def add(value: Any) -> None:
        if not any(type(value) is type(v) and value == v for v in values):
            values.append(value)

    for value in allowed:
        if kind == "String":
            text = str(value)
            add(text)
            if re.fullmatch(r"-?[1-9]\d*|0", text):
                add(int(text))
            if text in ("True", "False"):
                add(text == "True")
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            return None
        try:
            number = float(value)
        except ValueError:
            return None
        add(int(number) if number.is_integer() else number)
    values.append(None)  # null: Heat uses the default
    if kind == "String":
        return {"enum": values}
    return {"anyOf": [{"enum": values}, {"type": "string"}]}


def literal_schema(prop: PropertySchema) -> dict[str, Any]:
    """The literal (non-function) values Heat accepts for one property."""
    if prop.type == "Any":
        return {}
    schema: dict[str, Any] = {}
    item_enum: list[Any] | None = None
    for constraint in prop.constraints:
        if "allowed_values" in constraint and isinstance(constraint["allowed_values"], list):
            if prop.type == "List":
                item_enum = list(constraint["allowed_values"])  # every item must be allowed, compared as is
            else:
                schema.update(allowed_values_schema(prop.type, constraint["allowed_values"]) or {})
        elif "range" in constraint and prop.type in ("Integer", "Number"):
            bounds = constraint["range"] or {}
            if isinstance(bounds.get("min"), (int, float)):
                schema["minimum"] = bounds["min"]
            if isinstance(bounds.get("max"), (int, float)):
                schema["maximum"] = bounds["max"]
        elif "length" in constraint and prop.type in LENGTH_KEYWORDS:
            bounds = constraint["length"] or {}
            low, high = LENGTH_KEYWORDS[prop.type]
            if isinstance(bounds.get("min"), int):
                schema[low] = bounds["min"]
            if isinstance(bounds.get("max"), int):
                schema[high] = bounds["max"]
        elif "allowed_pattern" in constraint and prop.type == "String":
            # Heat: re.match and the match must reach the end, so anchor both ends (numbers are not checked)
            schema["pattern"] = f"^(?:{constraint['allowed_pattern']})$"
    if prop.type == "Map" and prop.schema:
        schema.update(map_schema(prop.schema))
    elif prop.type == "List" and (prop.schema or item_enum is not None):
        items: list[dict[str, Any]] = []
        if prop.schema and "*" in prop.schema:
            items.append(property_schema(prop.schema["*"]))
        if item_enum is not None:
            items.append(computed({"enum": item_enum}))
        schema["items"] = items[0] if len(items) == 1 else {"allOf": items}
    base = {"$ref": f"#/definitions/{prop.type}"}
    if not schema:
        return base
    return {**schema, "allOf": [base, *schema.get("allOf", ())]}


def _description(prop: PropertySchema) -> str:
    parts = [prop.description.strip()]
    note = _status_note(prop.support_status)
    if note:
        parts.insert(0, note)
    custom = [c["custom_constraint"] for c in prop.constraints if "custom_constraint" in c]
    if custom:
        parts.append(f"Checked by Heat against: {', '.join(custom)}.")
    if prop.required:
        parts.append("Required.")
    if not prop.update_allowed:
        parts.append("Changing it replaces the resource.")
    return " ".join(p for p in parts if p)


def property_schema(prop: PropertySchema) -> dict[str, Any]:
    """One property: its literal schema or a function; documented; hidden ones not suggested."""
    description = _description(prop)
    if not prop.implemented:
        # Heat rejects any value: "Property X not implemented yet"
        return {"description": f"Not implemented in Heat: any value is refused. {description}", "not": {}}
    literal = literal_schema(prop)
    schema: dict[str, Any] = {"description": description}
    if literal:
        schema["anyOf"] = [literal, FUNCTION]
    if prop.default is not None:
        schema["default"] = prop.default
    note = _status_note(prop.support_status)
    if note:
        schema["deprecationMessage"] = note
        if prop.support_status.hidden:
            schema["doNotSuggest"] = True
    return schema


def _stand_ins(name: str, props: dict[str, PropertySchema]) -> list[str]:
    """Hidden or deprecated siblings Heat translates into required property ``name`` (network_id -> network).

    Heat's translation rules are code, not schema data; the old name is ``<name>_id`` or its message names
    ``name``. Erring towards too many stand-ins only loses a check, never adds a false error.
    """
    out = []
    for other, prop in props.items():
        if other == name or prop.support_status.status not in ("HIDDEN", "DEPRECATED"):
            continue
        message = prop.support_status.message or ""
        if other == f"{name}_id" or re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", message):
            out.append(other)
    return out


def map_schema(props: dict[str, PropertySchema]) -> dict[str, Any]:
    """properties/additionalProperties/required of a map with known keys (Heat refuses unknown ones)."""
    schema: dict[str, Any] = {
        "properties": {name: property_schema(prop) for name, prop in props.items()},
        "additionalProperties": False,
    }
    required, either = [], []
    for name, prop in props.items():
        if not prop.required or not prop.implemented:
            continue
        alternatives = _stand_ins(name, props)
        if alternatives:
            either.append({"anyOf": [{"required": [n]} for n in (name, *alternatives)]})
        else:
            required.append(name)
    if required:
        schema["required"] = required
    if either:
        schema["allOf"] = either
    return schema


def share_repeated(tree: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Property schemas that occur more than once (Neutron's fixed_ips, ...), moved to definitions/shared.

    Returns the tree with ``$ref`` in their place and the shared schemas, named p0, p1, ... in order of first use.
    """
    counts: dict[str, int] = {}

    def count(node: Any, is_property: bool) -> None:
        if isinstance(node, dict):
            if is_property:
                key = json.dumps(node, sort_keys=True)
                if len(key) >= SHARED_MIN_CHARS:
                    counts[key] = counts.get(key, 0) + 1
            for name, value in node.items():
                if name == "properties" and isinstance(value, dict):
                    for child in value.values():
                        count(child, True)
                else:
                    count(value, False)
        elif isinstance(node, list):
            for value in node:
                count(value, False)

    count(tree, False)
    names: dict[str, str] = {}
    shared: dict[str, Any] = {}

    def replace(node: Any, is_property: bool) -> Any:
        if isinstance(node, list):
            return [replace(value, False) for value in node]
        if not isinstance(node, dict):
            return node
        key = json.dumps(node, sort_keys=True) if is_property else ""
        if counts.get(key, 0) > 1:
            if key not in names:
                names[key] = f"p{len(names)}"
                shared[names[key]] = replace(node, False)
            return {"$ref": f"#/definitions/shared/{names[key]}"}
        return {
            name: {k: replace(v, True) for k, v in value.items()}
            if name == "properties" and isinstance(value, dict)
            else replace(value, False)
            for name, value in node.items()
        }

    return replace(tree, False), shared


# ---------------------------------------------------------------------------------------------------------------
# Resource types


def type_names(catalogue: Catalogue) -> dict[str, list[str]]:
    """Each catalogue type with the names that select it: itself, its aliases and the glob-made names."""
    names: dict[str, list[str]] = {name: [name] for name in catalogue.names()}
    for alias, target in sorted(catalogue.aliases.items()):
        resolved = catalogue.get(alias)
        if resolved is not None and "://" not in target:
            names[resolved.name].append(alias)
    for pattern, target in sorted(catalogue.alias_globs.items()):
        source_prefix, target_prefix = pattern[:-1], target.rstrip("*")
        for name in catalogue.names():
            if name.startswith(target_prefix) and catalogue.get(source_prefix + name[len(target_prefix) :]):
                names[name].append(source_prefix + name[len(target_prefix) :])
    return names


def type_properties(rtype: ResourceType) -> dict[str, Any]:
    if not rtype.properties:
        # Heat's placeholder types (OS::Heat::None and the removed services it stands in for) skip validation
        return {"anyOf": [{"type": "object"}, FUNCTION]}
    return {"anyOf": [{"type": "object", **map_schema(rtype.properties)}, FUNCTION]}


def update_policy_schema(rtype: ResourceType) -> dict[str, Any] | None:
    """The keys update_policy takes (Heat validates it like properties); None when the catalogue does not say."""
    if rtype.update_policy is None or not rtype.properties:
        return None  # a user catalogue without "update_policy", or a placeholder type that skips validation
    if not rtype.update_policy:
        return {"$ref": "#/definitions/no_update_policy"}
    return {"$ref": f"#/definitions/update_policies/{rtype.name}"}


def type_then(rtype: ResourceType) -> dict[str, Any]:
    """What a resource of this type must satisfy: its properties' schema; the type's doc for hover."""
    type_doc: dict[str, Any] = {"description": rtype.description or rtype.name}
    note = _status_note(rtype.support_status, rtype.replacement)
    if note:
        type_doc["deprecationMessage"] = note
        type_doc["description"] = f"{note} {type_doc['description']}"
    keys = {"type": type_doc, "properties": {"$ref": f"#/definitions/resource_types/{rtype.name}"}}
    policy = update_policy_schema(rtype)
    if policy:
        keys["update_policy"] = policy
    return {"properties": keys}


def type_dispatch(branches: list[tuple[list[str], dict[str, Any]]]) -> dict[str, Any]:
    """if type is one of the names then that branch, as a balanced tree of if/then/else on name sets.

    A flat list of 200 if/then costs every resource 200 checks (5 s on the corpus with Python's jsonschema);
    halving the names at each level costs about eight.
    """
    if len(branches) == 1:
        names, then = branches[0]
        return {"if": _type_in(names), "then": then, "else": {"$ref": "#/definitions/unknown_type"}}
    half = len(branches) // 2
    left, right = branches[:half], branches[half:]
    return {
        "if": _type_in([n for names, _ in left for n in names]),
        "then": type_dispatch(left),
        "else": type_dispatch(right),
    }


def _type_in(names: list[str]) -> dict[str, Any]:
    # A pattern, not an enum: yaml-language-server lists an enum's values in every hover on the type.
    alternatives = "|".join(re.escape(name) for name in names)
    return {"properties": {"type": {"type": "string", "pattern": f"^(?:{alternatives})$"}}, "required": ["type"]}


def type_name_schema(catalogue: Catalogue) -> dict[str, Any]:
    """A string: any name (a template resource x.yaml, a type an environment maps, OS::TripleO::...).

    The catalogue's names (hidden ones left out) are offered as completion snippets rather than an enum, so hover
    on a type shows the type's own doc and not a list of 160 names. The doc lives in the dispatch branches.
    """
    visible = [t for t in map(catalogue.types.__getitem__, catalogue.names()) if not t.support_status.hidden]
    return {
        "type": "string",
        "defaultSnippets": [
            {
                "label": t.name,
                "description": _first_sentence(_status_note(t.support_status) or t.description),
                "body": t.name,
            }
            for t in visible
        ],
    }


# ---------------------------------------------------------------------------------------------------------------
# Template structure


def parameter_definitions() -> dict[str, Any]:
    number = {"type": ["number", "string", "null"], "pattern": _FLOAT_TEXT}  # str_to_num; null: no bound
    integer = {"type": ["integer", "string", "null"], "pattern": _INT_TEXT}
    kinds: dict[str, Any] = {
        "length": {
            "type": "object",
            "properties": {"min": integer, "max": integer},
            "additionalProperties": False,
            "minProperties": 1,
        },
        "range": {
            "type": "object",
            "properties": {"min": number, "max": number},
            "additionalProperties": False,
            "minProperties": 1,
        },
        "modulo": {
            "type": "object",
            "properties": {"step": number, "offset": number},
            "required": ["step", "offset"],
            "additionalProperties": False,
        },
        "allowed_values": {"type": "array"},
        "allowed_pattern": {"type": "string"},
        "custom_constraint": {"type": "string"},
    }
    assert set(kinds) == set(CONSTRAINT_KINDS), "a constraint kind is missing here"
    for name, schema in kinds.items():
        kind = CONSTRAINT_KINDS[name]
        schema["description"] = f"{kind.doc} Applies to: {', '.join(sorted(kind.applies_to))}. From {kind.since}."
        assert set(schema.get("properties", {})) == set(CONSTRAINT_VALUE_KEYS[name])
    constraint = {
        "description": PARAMETER_KEY_DOCS["constraints"],
        "type": "object",
        "properties": {**kinds, "description": {"description": "Text shown when the constraint fails."}},
        "additionalProperties": False,
        "anyOf": [{"required": [name]} for name in kinds],  # "No constraint expressed" otherwise
    }
    keys: dict[str, Any] = {name: {"description": doc} for name, doc in PARAMETER_KEY_DOCS.items()}
    keys["type"] |= {"enum": list(PARAMETER_TYPES), "enumDescriptions": list(PARAMETER_TYPES.values())}
    keys["constraints"] |= {"type": ["array", "null"], "items": {"$ref": "#/definitions/parameter_constraint"}}
    keys["tags"] |= {"type": "array"}
    keys["schema"]["doNotSuggest"] = True
    return {
        "parameter": {
            "type": "object",
            "properties": keys,
            "required": ["type"],
            "additionalProperties": False,
        },
        "parameter_constraint": constraint,
        "parameter_group": {
            "type": "object",
            "properties": {name: {"description": doc} for name, doc in PARAMETER_GROUP_KEY_DOCS.items()}
            | {"parameters": {"description": PARAMETER_GROUP_KEY_DOCS["parameters"], "type": "array"}},
            "required": ["parameters"],
        },
    }


def resource_definition(catalogue: Catalogue) -> dict[str, Any]:
    docs = RESOURCE_KEY_DOCS
    return {
        "type": "object",
        "properties": {
            "type": type_name_schema(catalogue),
            "properties": computed({"type": "object"}, docs["properties"]),
            "metadata": computed({"type": "object"}, docs["metadata"]),
            "depends_on": {
                "description": docs["depends_on"],
                "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
            },
            "deletion_policy": computed({"enum": list(DELETION_POLICIES)}, docs["deletion_policy"]),
            "update_policy": computed({"type": "object"}, docs["update_policy"]),
            "description": {"description": docs["description"], "type": "string"},
            "external_id": computed({"type": "string"}, docs["external_id"]),
            "condition": {"description": docs["condition"], "allOf": [{"$ref": "#/definitions/condition_reference"}]},
        },
        "required": ["type"],
        "additionalProperties": False,
        "allOf": [{"$ref": "#/definitions/resource_by_type"}],
    }


def output_definition() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "description": {"description": OUTPUT_KEY_DOCS["description"]},
            "value": {"description": OUTPUT_KEY_DOCS["value"]},
            "condition": {
                "description": OUTPUT_KEY_DOCS["condition"],
                "allOf": [{"$ref": "#/definitions/condition_reference"}],
            },
        },
        "required": ["value"],
        # Heat ignores other keys in a top-level stack and refuses them in a nested one: a warning, not an error
        # (yaml-language-server shows deprecationMessage as a warning)
        "additionalProperties": {
            "deprecationMessage": (
                "Not an output key (description, value, condition): Heat ignores it in a top-level stack "
                "and rejects the template when it is used as a nested template."
            ),
            "doNotSuggest": True,
        },
    }


def version_schema() -> dict[str, Any]:
    values, labels = [], []
    for version in VERSIONS:
        values.append(version.date)
        labels.append(version.label)
    for version in VERSIONS:
        if version.alias:
            values.append(version.alias)
            labels.append(f"{version.release} ({version.date})")
    return {"description": SECTION_DOCS["heat_template_version"], "enum": values, "enumDescriptions": labels}


def section(kind: str, item: dict[str, Any]) -> dict[str, Any]:
    """A section: a map of named entries (null counts as empty)."""
    return {"description": SECTION_DOCS[kind], "type": ["object", "null"], "additionalProperties": item}


def build(catalogue: Catalogue | None = None) -> dict[str, Any]:
    catalogue = catalogue or builtin_catalogue()
    names = type_names(catalogue)
    resource_types, shared = share_repeated({name: type_properties(catalogue.types[name]) for name in names})
    update_policies = {
        name: {"anyOf": [{"type": "object", **map_schema(policy)}, FUNCTION]}
        for name in names
        if (policy := catalogue.types[name].update_policy)
    }
    definitions = {
        **LITERALS,
        **function_definitions(),
        **parameter_definitions(),
        "resource": resource_definition(catalogue),
        # reached only by names outside the catalogue: no property checks, the key's own doc on hover
        "unknown_type": {"properties": {"type": {"description": RESOURCE_KEY_DOCS["type"]}}},
        "resource_by_type": type_dispatch([(aliases, type_then(catalogue.types[n])) for n, aliases in names.items()]),
        "output": output_definition(),
        "resource_types": resource_types,
        "update_policies": update_policies,
        "no_update_policy": {
            "description": "This type takes no update_policy keys (Heat refuses any).",
            "anyOf": [{"type": "object", "maxProperties": 0}, FUNCTION],
        },
        "shared": shared,
    }
    return {
        "$schema": DRAFT,
        "title": "OpenStack Heat Orchestration Template (HOT)",
        "description": (
            f"HOT templates as Heat {catalogue.heat_version} accepts them, with the properties of its "
            f"{len(catalogue.types)} resource types. Generated by hot-lsp's tools/gen_json_schema.py."
        ),
        "type": "object",
        "properties": {
            "heat_template_version": version_schema(),
            "description": {"description": SECTION_DOCS["description"]},
            "parameter_groups": {
                "description": SECTION_DOCS["parameter_groups"],
                "type": ["array", "null"],
                "items": {"$ref": "#/definitions/parameter_group"},
            },
            "parameters": section("parameters", {"$ref": "#/definitions/parameter"}),
            "resources": section("resources", {"$ref": "#/definitions/resource"}),
            "outputs": section("outputs", {"$ref": "#/definitions/output"}),
            "conditions": section("conditions", {"$ref": "#/definitions/condition_definition"}),
        },
        # Heat keeps this name for the CFN Mappings slot, so a key spelt exactly like it passes
        "patternProperties": {f"^{UNDEFINED_SECTION}$": {"doNotSuggest": True}},
        "required": ["heat_template_version"],
        "additionalProperties": False,
        "definitions": definitions,
    }


def render(schema: dict[str, Any] | None = None) -> str:
    """JSON with one-space indents, but a map or list that fits in INLINE_WIDTH characters on one line."""
    return _dump(schema or build(), 0) + "\n"


INLINE_WIDTH = 100


def _dump(node: Any, depth: int) -> str:
    flat = json.dumps(node, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(node, (dict, list)) or not node or len(flat) + depth <= INLINE_WIDTH:
        return flat
    pad = " " * (depth + 1)
    if isinstance(node, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(v, depth + 1)}" for k, v in node.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
    items = [pad + _dump(v, depth + 1) for v in node]
    return "[\n" + ",\n".join(items) + "\n" + " " * depth + "]"


def main() -> int:
    text = render()
    if "--check" in sys.argv:
        if not TARGET.exists() or TARGET.read_text(encoding="utf-8") != text:
            print(f"{TARGET.relative_to(ROOT)} is stale: run `python3 tools/gen_json_schema.py`", file=sys.stderr)
            return 1
        return 0
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)} ({len(text.encode()):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
