"""The CloudFormation names of 2013-05-23, which later versions removed (facts §2b)."""

from __future__ import annotations

from ..versions import ICEHOUSE, JUNO, LIBERTY
from .record import FunctionRecord, ParameterDoc

RECORDS: tuple[FunctionRecord, ...] = (
    FunctionRecord(
        "Fn::Select",
        since=ICEHOUSE,
        removed_in=LIBERTY,
        signature="Fn::Select: [<index>, <list or map>]",
        returns="The selected item, or an empty string when it is missing.",
        doc=(
            "CloudFormation-style selection kept in early HOT: picks a list "
            "item by index or a map value by key, giving an empty string when "
            "there is none; a string collection is decoded as JSON first. "
            "Removed in 2015-10-15; use a path in get_attr or get_param."
        ),
        snippet="[${1:index}, ${2:list}]",
        arguments_doc="A list: an index or key, then a list or map.",
        shape="list",
        parameters=(
            ParameterDoc("<index>", "A list index or a map key."),
            ParameterDoc("<list or map>", "The collection to pick from."),
        ),
    ),
    FunctionRecord(
        "Fn::GetAZs",
        since=ICEHOUSE,
        removed_in=JUNO,
        signature="Fn::GetAZs: <region>",
        returns="A list of availability zone names.",
        doc=(
            "CloudFormation function that lists the availability zones of the "
            "stack. Only in 2013-05-23; it has no HOT counterpart."
        ),
        snippet="'${1}'",
        arguments_doc="A region name, usually an empty string.",
        parameters=(ParameterDoc("<region>", "A region name, usually an empty string."),),
    ),
    FunctionRecord(
        "Fn::Join",
        since=ICEHOUSE,
        removed_in=JUNO,
        signature="Fn::Join: [<delimiter>, [<string>, ...]]",
        returns="A string.",
        doc=("CloudFormation join of a list of strings. Only in 2013-05-23; use list_join."),
        snippet="['${1:,}', [${2:item}]]",
        arguments_doc="A list: the delimiter and a list of strings.",
        shape="list",
        parameters=(
            ParameterDoc("<delimiter>", "The string put between the items."),
            ParameterDoc("[<string>, ...]", "The strings to join."),
        ),
    ),
    FunctionRecord(
        "Fn::Split",
        since=ICEHOUSE,
        removed_in=JUNO,
        signature="Fn::Split: [<delimiter>, <string>]",
        returns="A list of strings.",
        doc=(
            "CloudFormation split of a string; the delimiter must be written "
            "literally. Only in 2013-05-23; use str_split."
        ),
        snippet="['${1:,}', ${2:string}]",
        arguments_doc="A list: a literal delimiter and the string.",
        shape="list",
        parameters=(
            ParameterDoc("<delimiter>", "A literal delimiter."),
            ParameterDoc("<string>", "The string to split."),
        ),
    ),
    FunctionRecord(
        "Fn::Replace",
        since=ICEHOUSE,
        removed_in=JUNO,
        signature="Fn::Replace: [{<placeholder>: <value>, ...}, <template>]",
        returns="The template string with its placeholders replaced.",
        doc=("Heat's CFN-style string substitution. Only in 2013-05-23; use str_replace."),
        snippet="[{${1:placeholder}: ${2:value}}, ${3:template}]",
        arguments_doc=("A list: a map of placeholder to value, then the template string."),
        shape="list",
        parameters=(
            ParameterDoc("{<placeholder>: <value>}", "A map of placeholder to value."),
            ParameterDoc("<template>", "The string holding the placeholders."),
        ),
    ),
    FunctionRecord(
        "Fn::Base64",
        since=ICEHOUSE,
        removed_in=JUNO,
        signature="Fn::Base64: <string>",
        returns="The same string: Heat does not encode it.",
        doc=(
            "Kept for CloudFormation compatibility; in Heat it returns the "
            "string unchanged. Only in 2013-05-23; simply drop it."
        ),
        snippet="${1:text}",
        arguments_doc="A string.",
        parameters=(ParameterDoc("<string>", "The string, returned unchanged."),),
    ),
    FunctionRecord(
        "Fn::MemberListToMap",
        since=ICEHOUSE,
        removed_in=JUNO,
        signature=("Fn::MemberListToMap: [<key name>, <value name>, [<'.member.N.key=value'>, ...]]"),
        returns="A map.",
        doc=("Turns an AWS query-style member list into a map. Only in 2013-05-23; it has no HOT counterpart."),
        snippet="[${1:Name}, ${2:Value}, ${3:list}]",
        arguments_doc=("A list: the key field name, the value field name and the member list."),
        shape="list",
        parameters=(
            ParameterDoc("<key name>", "The field holding each key."),
            ParameterDoc("<value name>", "The field holding each value."),
            ParameterDoc("<member list>", "The '.member.N.key=value' strings."),
        ),
    ),
    FunctionRecord(
        "Fn::ResourceFacade",
        since=ICEHOUSE,
        removed_in=JUNO,
        signature="Fn::ResourceFacade: Metadata | DeletionPolicy | UpdatePolicy",
        returns="That part of the parent resource's definition.",
        doc=(
            "CloudFormation spelling of resource_facade, with CamelCase "
            "arguments. Only in 2013-05-23; use resource_facade."
        ),
        snippet="${1|Metadata,DeletionPolicy,UpdatePolicy|}",
        arguments_doc="One of Metadata, DeletionPolicy or UpdatePolicy.",
        parameters=(
            ParameterDoc("Metadata | DeletionPolicy | UpdatePolicy", "The part of the parent resource to read."),
        ),
    ),
    FunctionRecord(
        "Ref",
        since=ICEHOUSE,
        removed_in=JUNO,
        signature="Ref: <resource or parameter name>",
        returns="A resource's reference ID, or a parameter's value.",
        doc=(
            "CloudFormation reference: a resource's reference ID when a "
            "resource has that name, otherwise the parameter's value. Only in "
            "2013-05-23; use get_resource or get_param."
        ),
        snippet="${1:name}",
        arguments_doc="A resource or parameter name.",
        parameters=(ParameterDoc("<resource or parameter name>", "A resource or a parameter of this template."),),
    ),
)

# Fn::ResourceFacade's arguments: resource_facade's, CamelCase.
CFN_RESOURCE_FACADE_ARGUMENTS: tuple[str, ...] = (
    "Metadata",
    "DeletionPolicy",
    "UpdatePolicy",
)

# CloudFormation function names mapped to the HOT function to use instead
# ('' when HOT has none). It covers names HOT never had, which Heat reads as
# plain data, and the CFN names it removed after 2013-05-23.
CFN_ONLY_NAMES: dict[str, str] = {
    # never HOT functions
    "Fn::GetAtt": "get_attr",
    "Fn::FindInMap": "",
    "Fn::If": "if",
    "Fn::Equals": "equals",
    "Fn::Not": "not",
    "Fn::And": "and",
    "Fn::Or": "or",
    "Fn::Contains": "contains",
    "Fn::Sub": "str_replace",
    "Fn::ImportValue": "",
    "Fn::Cidr": "",
    "Fn::Length": "",
    "Fn::ToJsonString": "",
    "Fn::Transform": "",
    "Fn::ForEach": "repeat",
    # CFN names HOT had in 2013-05-23 and removed later
    "Ref": "get_resource or get_param",
    "Fn::Join": "list_join",
    "Fn::Select": "",
    "Fn::Split": "str_split",
    "Fn::Replace": "str_replace",
    "Fn::Base64": "",
    "Fn::GetAZs": "",
    "Fn::MemberListToMap": "",
    "Fn::ResourceFacade": "resource_facade",
}
