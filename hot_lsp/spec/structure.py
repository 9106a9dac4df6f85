"""Which sections and keys a HOT template may contain, per version.

Every table maps a name to the first version date that accepts it. The
dict order is the order completion should offer the names in.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from .versions import ICEHOUSE, NEWTON, QUEENS, TemplateVersion, is_at_least

# --- top-level sections ---------------------------------------------------

SECTIONS: dict[str, str] = {
    "heat_template_version": ICEHOUSE,
    "description": ICEHOUSE,
    "parameter_groups": ICEHOUSE,
    "parameters": ICEHOUSE,
    "resources": ICEHOUSE,
    "outputs": ICEHOUSE,
    "conditions": NEWTON,
}

# Heat reserves this name for the CFN `Mappings` slot, which HOT does not have,
# so a top-level key spelt exactly like this passes Heat's section check.
UNDEFINED_SECTION = "__undefined__"

SECTION_DOCS: dict[str, str] = {
    "heat_template_version": (
        "The HOT version of this template: one of the version dates, or from "
        "newton on a release alias. It decides which functions, sections and "
        "keys Heat accepts."
    ),
    "description": (
        "Free text describing the template. Heat does not check its type and uses 'No description' when it is missing."
    ),
    "parameter_groups": (
        "A list of groups that tell user interfaces how to order and group the "
        "input parameters. Each parameter may belong to one group only."
    ),
    "parameters": (
        "Input values supplied when the stack is created or updated, each with "
        "a type and optional default, constraints and documentation."
    ),
    "resources": ("The resources the stack creates, keyed by resource name. Each needs a `type`."),
    "outputs": ("Values the stack reports after it is created, keyed by output name. Each needs a `value`."),
    "conditions": (
        "Named boolean conditions (from 2016-10-14) that resources, outputs "
        "and `if` use to include or leave out parts of the template."
    ),
}

# CFN spellings of top-level sections and their HOT name ('' when HOT has no
# such section). Heat rejects all of them in a HOT template.
CFN_SECTION_SPELLINGS: dict[str, str] = {
    "AWSTemplateFormatVersion": "heat_template_version",
    "HeatTemplateFormatVersion": "heat_template_version",
    "Description": "description",
    "Parameters": "parameters",
    "Resources": "resources",
    "Outputs": "outputs",
    "Conditions": "conditions",
    "Mappings": "",
    "Metadata": "",
    "Rules": "",
    "Transform": "",
}

# --- resources --------------------------------------------------------------

RESOURCE_KEYS: dict[str, str] = {
    "type": ICEHOUSE,
    "properties": ICEHOUSE,
    "metadata": ICEHOUSE,
    "depends_on": ICEHOUSE,
    "deletion_policy": ICEHOUSE,
    "update_policy": ICEHOUSE,
    "description": ICEHOUSE,
    "external_id": NEWTON,
    "condition": NEWTON,
}

FunctionTable = Literal["normal", "condition"]

# How Heat reads the value of each key (see the facts, section 0):
# 'functions'        - normal intrinsic functions are parsed and resolved;
# 'static_functions' - parsed and resolved at once while the definition is
#                      built, so only functions with a static value work;
# 'conditions'       - the condition-function table applies;
# 'literal'          - no functions; the value must be written out.
KeyReading = Literal["functions", "static_functions", "conditions", "literal"]

RESOURCE_KEY_CONTEXTS: dict[str, KeyReading] = {
    "type": "literal",  # parsed, but anything other than a str is rejected
    "properties": "functions",
    "metadata": "functions",
    "depends_on": "literal",
    "deletion_policy": "static_functions",
    "update_policy": "functions",
    "description": "literal",
    "external_id": "functions",
    "condition": "conditions",
}

RESOURCE_KEY_DOCS: dict[str, str] = {
    "type": (
        "The resource type, such as OS::Nova::Server, or a template file name "
        "ending in .yaml or .template. Required, and must be a literal string."
    ),
    "properties": ("The type-specific properties of the resource. Intrinsic functions may be used in the values."),
    "metadata": (
        "Free-form data attached to the resource. Functions are resolved here, "
        "and get_resource/get_attr in it add dependencies."
    ),
    "depends_on": (
        "A resource name or a list of names that must be created before this "
        "one, in addition to the dependencies implied by get_resource/get_attr."
    ),
    "deletion_policy": (
        "What happens to the physical resource when the stack deletes it: Delete (the default), Retain or Snapshot."
    ),
    "update_policy": (
        "Type-specific settings that control how the resource is updated, for example rolling updates of a group."
    ),
    "description": "Free text describing the resource.",
    "external_id": (
        "The ID of an existing physical resource to adopt instead of creating "
        "one (from 2016-10-14). Implies deletion_policy Retain and cannot be "
        "combined with depends_on."
    ),
    "condition": (
        "A condition name, a boolean or an inline condition function (from "
        "2016-10-14). When false, the resource is left out of the stack."
    ),
}

# CFN spellings of resource keys and their HOT name. Heat rejects the CFN
# spellings inside a HOT resource.
CFN_RESOURCE_KEY_SPELLINGS: dict[str, str] = {
    "Type": "type",
    "Properties": "properties",
    "Metadata": "metadata",
    "DependsOn": "depends_on",
    "DeletionPolicy": "deletion_policy",
    "UpdatePolicy": "update_policy",
    "Description": "description",
    "Condition": "condition",
}

# Deletion policy values are case-sensitive; the lowercase forms came later.
DELETION_POLICIES: dict[str, str] = {
    "Delete": ICEHOUSE,
    "Retain": ICEHOUSE,
    "Snapshot": ICEHOUSE,
    "delete": NEWTON,
    "retain": NEWTON,
    "snapshot": NEWTON,
}

DEFAULT_DELETION_POLICY = "Delete"

# --- outputs ----------------------------------------------------------------

# Heat rejects other output keys only when the template is used as a nested
# template; a top-level stack ignores them. They are still mistakes.
OUTPUT_KEYS: dict[str, str] = {
    "description": ICEHOUSE,
    "value": ICEHOUSE,
    "condition": NEWTON,
}

OUTPUT_KEY_CONTEXTS: dict[str, KeyReading] = {
    "description": "literal",
    "value": "functions",
    "condition": "conditions",
}

# The function table each reading parses with: the normal one (properties, outputs...) or the condition one.
_TABLE_OF_CONTEXT: dict[KeyReading, FunctionTable] = {
    "functions": "normal",
    "static_functions": "normal",
    "conditions": "condition",
}


def function_table_of(section: str, key: str) -> FunctionTable | None:
    """The function table Heat parses the value of a resource's or an output's ``key`` with (None: no functions)."""
    contexts = RESOURCE_KEY_CONTEXTS if section == "resources" else OUTPUT_KEY_CONTEXTS if section == "outputs" else {}
    reading = contexts.get(key)
    return _TABLE_OF_CONTEXT.get(reading) if reading is not None else None


OUTPUT_KEY_DOCS: dict[str, str] = {
    "description": "Free text describing the output.",
    "value": ("The value of the output, usually built with get_attr or other functions. Required."),
    "condition": (
        "A condition name, a boolean or an inline condition function (from "
        "2016-10-14). When false, the output's value is null."
    ),
}

# --- parameters ---------------------------------------------------------------

PARAMETER_KEYS: dict[str, str] = {
    "type": ICEHOUSE,
    "label": ICEHOUSE,
    "description": ICEHOUSE,
    "default": ICEHOUSE,
    "hidden": ICEHOUSE,
    "constraints": ICEHOUSE,
    "immutable": ICEHOUSE,
    "tags": QUEENS,
    "schema": ICEHOUSE,  # accepted but ignored by Heat; last so it sorts last
}

PARAMETER_KEY_DOCS: dict[str, str] = {
    "type": ("The parameter type: string, number, comma_delimited_list, json or boolean (lowercase). Required."),
    "label": "A short human-readable name for the parameter.",
    "description": "Free text explaining what the parameter is for.",
    "default": (
        "The value used when none is supplied. It is checked against the "
        "constraints (except custom_constraint); null means no default."
    ),
    "hidden": (
        "When true, the value is masked when the stack is shown, e.g. for "
        "passwords. Heat only tests truthiness, so the string 'no' also hides."
    ),
    "constraints": (
        "A list of checks for the value; each entry holds one constraint kind and an optional description."
    ),
    "immutable": ("When true, a stack update may not change the value. Heat only tests truthiness."),
    "tags": ("A list of strings for tooling to classify the parameter (from 2018-03-02)."),
    "schema": "Accepted by Heat but ignored; it has no effect.",
}

# --- parameter groups -------------------------------------------------------

# Heat validates only `parameters`; the other keys are conventional.
PARAMETER_GROUP_KEYS: tuple[str, ...] = ("label", "description", "parameters")

PARAMETER_GROUP_KEY_DOCS: dict[str, str] = {
    "label": "A human-readable name for the group.",
    "description": "Free text describing the group.",
    "parameters": ("The names of the parameters in this group, in display order. Required and must be a list."),
}


# --- per-version views --------------------------------------------------------


def _names_for(table: dict[str, str], version: TemplateVersion) -> tuple[str, ...]:
    return tuple(name for name, since in table.items() if is_at_least(version, since))


@cache  # asked per entry and per keystroke; versions are few and frozen
def sections_for(version: TemplateVersion) -> tuple[str, ...]:
    """Top-level sections valid in `version` (not counting UNDEFINED_SECTION)."""
    return _names_for(SECTIONS, version)


@cache  # asked per entry and per keystroke; versions are few and frozen
def resource_keys_for(version: TemplateVersion) -> tuple[str, ...]:
    """Keys valid in a resource definition in `version`."""
    return _names_for(RESOURCE_KEYS, version)


@cache  # asked per entry and per keystroke; versions are few and frozen
def output_keys_for(version: TemplateVersion) -> tuple[str, ...]:
    """Keys valid in an output definition in `version`."""
    return _names_for(OUTPUT_KEYS, version)


@cache  # asked per entry and per keystroke; versions are few and frozen
def parameter_keys_for(version: TemplateVersion) -> tuple[str, ...]:
    """Keys valid in a parameter definition in `version`."""
    return _names_for(PARAMETER_KEYS, version)


@cache  # asked per entry and per keystroke; versions are few and frozen
def deletion_policies_for(version: TemplateVersion) -> tuple[str, ...]:
    """Deletion policy values valid in `version` (case-sensitive)."""
    return _names_for(DELETION_POLICIES, version)
