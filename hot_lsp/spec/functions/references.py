"""The functions that read something outside their argument: a parameter, a resource, a file, the parent resource."""

from __future__ import annotations

from ..versions import ICEHOUSE, NEWTON
from .record import FunctionRecord, ParameterDoc

RECORDS: tuple[FunctionRecord, ...] = (
    FunctionRecord(
        "get_param",
        since=ICEHOUSE,
        condition_since=NEWTON,
        signature="get_param: <name> | [<name>, <key or index>, ...]",
        returns=("The parameter's value, typed by its parameter type, or the item at the path."),
        doc=(
            "Reads an input parameter, or a pseudo-parameter such as "
            "OS::stack_name. With a list, the items after the name walk into "
            "a json or list value by map key or list index (a string value "
            "can be indexed too). A bad path never fails: a missing key, an "
            "index out of range or a non-container gives an empty string. The "
            "name may itself come from a function. An unknown name fails "
            "with 'The Parameter (x) was not provided'. From 2016-10-14 it is "
            "also a condition function; there the value must be a real "
            "boolean, so use a boolean parameter, not a string holding 'true'."
        ),
        snippet="${1:parameter}",
        arguments_doc=("A parameter name, or a list: the name followed by map keys or list indices."),
        shape="list",
        parameters=(
            ParameterDoc("<name>", "The parameter's name (alone, without a list, when no path follows)."),
            ParameterDoc("<key or index>", "A map key or list index walking into the value; more may follow."),
        ),
        repeats=True,
    ),
    FunctionRecord(
        "get_resource",
        since=ICEHOUSE,
        signature="get_resource: <resource name>",
        returns="The reference ID of the resource, usually its physical ID.",
        doc=(
            "Refers to another resource of this template and makes the "
            "current resource depend on it. What the reference ID is depends "
            "on the resource type; for most OpenStack resources it is the "
            "UUID. Naming an unknown resource, or one whose condition is "
            "false, is an error, although Heat's validation only notices it "
            "in properties and metadata, not in outputs."
        ),
        snippet="${1:resource}",
        arguments_doc="The name of a resource in this template.",
        parameters=(ParameterDoc("<resource name>", "A resource of this template."),),
    ),
    FunctionRecord(
        "get_attr",
        since=ICEHOUSE,
        signature="get_attr: [<resource name>, <attribute name>, <key or index>, ...]",
        returns=(
            "The attribute's value at run time, or the item at the path; with "
            "no attribute name, a map of all attributes."
        ),
        doc=(
            "Reads an attribute of another resource once it exists, and makes "
            "the current resource depend on it. Items after the attribute "
            "name walk into a map or list value: 2013-05-23 fetches the whole "
            "attribute and walks it itself (a bad path gives null), later "
            "versions pass the path to the resource. From 2015-10-15 the "
            "attribute name may be left out, which gives a map of every "
            "attribute except `show`. The argument must be a list. An unknown "
            "resource or attribute is an error, except on types that accept "
            "any attribute name, such as OS::Heat::ResourceGroup, "
            "OS::Heat::AutoScalingGroup and template resources."
        ),
        snippet="[${1:resource}, ${2:attribute}]",
        arguments_doc=(
            "A list: resource name, attribute name, then optional map keys or "
            "list indices; from 2015-10-15 the resource name alone."
        ),
        shape="list",
        parameters=(
            ParameterDoc("<resource name>", "A resource of this template."),
            ParameterDoc("<attribute name>", "An attribute of its type (left out from 2015-10-15: every attribute)."),
            ParameterDoc(
                "<key or index>", "A map key or list index walking into the attribute's value; more may follow."
            ),
        ),
        repeats=True,
    ),
    FunctionRecord(
        "get_file",
        since=ICEHOUSE,
        signature="get_file: <path or URL>",
        returns="The file's content as a string, unchanged.",
        doc=(
            "Inserts the content of a file, typically a script for user_data. "
            "The client reads local paths (relative to the template) and URLs "
            "and sends their content in the stack's files map; the engine only "
            "looks the name up in that map. Write a literal path: the engine "
            "would accept a computed one, but the client cannot load it in "
            "advance. The content is not processed, so a get_file inside the "
            "included file stays plain text."
        ),
        snippet="${1:path}",
        arguments_doc="A literal relative path or URL.",
        parameters=(ParameterDoc("<path or URL>", "A literal path, relative to the template, or a URL."),),
    ),
    FunctionRecord(
        "resource_facade",
        since=ICEHOUSE,
        signature="resource_facade: metadata | deletion_policy | update_policy",
        returns="That part of the parent resource's definition.",
        doc=(
            "Only meaningful in a template used as the implementation of a "
            "resource in a parent template (a provider template): reads the "
            "parent resource's metadata, its deletion policy (Delete when not "
            "given) or its update policy (an empty map when not given). The "
            "argument must be one of the three names, written literally."
        ),
        snippet="${1|metadata,deletion_policy,update_policy|}",
        arguments_doc="One of metadata, deletion_policy or update_policy.",
        parameters=(
            ParameterDoc("metadata | deletion_policy | update_policy", "The part of the parent resource to read."),
        ),
    ),
)

# What resource_facade reads of the parent resource, as the argument names it.
RESOURCE_FACADE_ARGUMENTS: tuple[str, ...] = (
    "metadata",
    "deletion_policy",
    "update_policy",
)
