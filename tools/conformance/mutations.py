"""Single-mistake mutations of real templates, for the differential conformance harness (dev only).

Each mutation is a list of text edits on one seed template of ``../shared/corpus``: the mistake a Heat user makes
(a misspelt function, section, key, property or name; a version change; a removed declaration; a wrong argument
shape; a misused condition; a parameter type or constraint mistake; a YAML 1.1 quirk; a duplicate key; an empty
section; a wrong property type; an unknown or missing property; a fault inside an ``if`` branch or an output...),
or an edit that changes nothing Heat cares about (the harness needs templates Heat accepts too).

Edits are positions in the seed's text, so a recorded case replays exactly whatever the parser becomes later.
The generator is seeded by the seed's path: the same corpus gives the same cases.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from replay import apply  # tests/conformance: the one way a case's edits are made

from hot_lsp.analysis.model.template import TemplateModel, build_model
from hot_lsp.document import Mapping, Node, Pair, Scalar, Sequence, parse

Edit = tuple[int, int, str]  # (start, end, replacement) in the seed's text


@dataclass(frozen=True)
class Mutation:
    kind: str
    note: str  # what was changed, for a reader of the recorded verdicts
    edits: tuple[Edit, ...]


class Seed:
    """One template's text, tree and model, with the positions mutations need."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        self.parsed = parse(text)
        model = build_model(self.parsed)
        if model is None:
            raise ValueError(f"{path}: not a template")
        self.model: TemplateModel = model
        self.root: Mapping = model.root

    # --- positions -----------------------------------------------------------------------------------------------

    def line_start(self, offset: int) -> int:
        return self.text.rfind("\n", 0, offset) + 1

    def line_end(self, offset: int) -> int:
        """The offset just after the newline ending the line that holds ``offset``."""
        end = self.text.find("\n", offset)
        return len(self.text) if end < 0 else end + 1

    def indent_of(self, offset: int) -> str:
        start = self.line_start(offset)
        return self.text[start:offset] if self.text[start:offset].strip() == "" else ""

    def is_block_pair(self, pair: Pair) -> bool:
        """The key starts its own line (a block mapping entry), so the entry is whole lines."""
        start = self.line_start(pair.key.start)
        return self.text[start : pair.key.start].strip() == "" and isinstance(pair.key, Scalar)

    def content_end(self, node: Node) -> int:
        """Where ``node``'s own text ends: a block collection's range runs on to the next token."""
        end = node.end
        while end > node.start and self.text[end - 1] in " \t\r\n":
            end -= 1
        return end

    def pair_lines(self, pair: Pair) -> tuple[int, int]:
        """The whole lines of a block entry: from its key's line to the line its value ends on."""
        last = max(pair.key.end, self.content_end(pair.value) - 1)
        return self.line_start(pair.key.start), self.line_end(last)

    def block_pairs(self, mapping: Node | None) -> list[Pair]:
        if not isinstance(mapping, Mapping) or mapping.flow:
            return []
        return [pair for pair in mapping.pairs if self.is_block_pair(pair)]

    def scalar_edit(self, node: Node, replacement: str) -> Edit:
        return (node.start, node.end, replacement)

    def insert_entry(self, mapping: Mapping, line: str) -> Edit | None:
        """Insert ``key: value`` (one line, no indent) as the first entry of a block mapping."""
        pairs = self.block_pairs(mapping)
        if not pairs:
            return None
        first = pairs[0]
        indent = self.indent_of(first.key.start)
        start = self.line_start(first.key.start)
        return (start, start, f"{indent}{line}\n")

    def section_pair(self, name: str) -> Pair | None:
        return self.root.pair(name)


# --- the mutation kinds --------------------------------------------------------------------------------------------

VERSIONS = [
    *("2013-05-23", "2014-10-16", "2015-04-30", "2015-10-15", "2016-04-08", "2016-10-14", "2017-02-24"),
    *("2017-09-01", "2018-03-02", "2018-08-31", "2021-04-16", "newton", "ocata", "pike", "queens", "rocky"),
    "wallaby",
]
BAD_VERSIONS = ("2017-01-01", "xena", "'2016'", "2013-05-24")
YAML_QUIRKS = ("yes", "no", "on", "off", "true", "False", "~", "null", "1e3", "0777", "0x1F", "2016-01-01", "1_000")


def typo(word: str, rng: random.Random) -> str:
    """A plausible misspelling of ``word`` that differs from it."""
    if len(word) < 2:
        return word + "x"
    choice = rng.randrange(4)
    i = rng.randrange(len(word))
    if choice == 0:
        misspelt = word[:i] + word[i + 1 :]
    elif choice == 1 and len(word) > 2:
        i = min(i, len(word) - 2)
        misspelt = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    elif choice == 2:
        misspelt = word[:i] + word[i] + word[i:]
    else:
        misspelt = word.capitalize() if word[0].islower() else word.lower()
    return misspelt if misspelt != word else word + "s"


def _scalar(node: Node | None) -> Scalar | None:
    return node if isinstance(node, Scalar) else None


def misspelt_section(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for pair in seed.block_pairs(seed.root):
        name = pair.key_value
        if isinstance(name, str) and name != "heat_template_version":
            wrong = typo(name, rng)
            yield Mutation("misspelt_section", f"{name} -> {wrong}", (seed.scalar_edit(pair.key, wrong),))


def misspelt_entry_key(section: str, kind: str) -> Callable[[Seed, random.Random], Iterator[Mutation]]:
    def mutate(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
        entries = getattr(seed.model, section)
        for name, entry in entries.items():
            for pair in seed.block_pairs(entry.body):
                key = pair.key_value
                if isinstance(key, str):
                    wrong = typo(key, rng)
                    yield Mutation(kind, f"{section}.{name}.{key} -> {wrong}", (seed.scalar_edit(pair.key, wrong),))

    return mutate


def misspelt_function(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for call in seed.model.calls:
        wrong = typo(call.name, rng)
        yield Mutation(
            "misspelt_function",
            f"{call.where.dotted()}: {call.name} -> {wrong}",
            ((call.key.start, call.key.end, wrong),),
        )


def misspelt_property(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.resources.items():
        for pair in seed.block_pairs(entry.get("properties")):
            key = pair.key_value
            if isinstance(key, str):
                wrong = typo(key, rng)
                yield Mutation(
                    "misspelt_property",
                    f"resources.{name}.properties.{key} -> {wrong}",
                    (seed.scalar_edit(pair.key, wrong),),
                )


def misspelt_reference(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for reference in seed.model.references:
        wrong = typo(reference.name, rng)
        if reference.node.style is None and not reference.node.text.strip():
            continue
        yield Mutation(
            "misspelt_reference",
            f"{reference.where.dotted()}: {reference.via} {reference.name} -> {wrong}",
            (seed.scalar_edit(reference.node, wrong),),
        )


def misspelt_attribute(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for call in seed.model.calls_named("get_attr"):
        if isinstance(call.args, Sequence) and len(call.args.items) >= 2:
            attribute = _scalar(call.args.items[1])
            if attribute is not None and isinstance(attribute.value, str):
                wrong = typo(attribute.value, rng)
                yield Mutation(
                    "misspelt_attribute",
                    f"{call.where.dotted()}: {attribute.value} -> {wrong}",
                    (seed.scalar_edit(attribute, wrong),),
                )


def misspelt_resource_type(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.resources.items():
        node = _scalar(entry.get("type"))
        if node is not None and isinstance(node.value, str) and node.value.startswith("OS::"):
            parts = node.value.split("::")
            parts[-1] = typo(parts[-1], rng)
            wrong = "::".join(parts)
            yield Mutation(
                "misspelt_resource_type", f"resources.{name}.type -> {wrong}", (seed.scalar_edit(node, wrong),)
            )


def changed_version(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    pair = seed.model.version_pair
    if pair is None:
        return
    for version in rng.sample(VERSIONS, 4) + [rng.choice(BAD_VERSIONS)]:
        yield Mutation(
            "changed_version", f"heat_template_version -> {version}", (seed.scalar_edit(pair.value, version),)
        )


def removed_entry(section: str, kind: str) -> Callable[[Seed, random.Random], Iterator[Mutation]]:
    def mutate(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
        section_node = seed.model.section(section)
        for pair in seed.block_pairs(section_node):
            start, end = seed.pair_lines(pair)
            yield Mutation(kind, f"{section}.{pair.key_value} removed", ((start, end, ""),))

    return mutate


def removed_property(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.resources.items():
        for pair in seed.block_pairs(entry.get("properties")):
            start, end = seed.pair_lines(pair)
            yield Mutation(
                "removed_property", f"resources.{name}.properties.{pair.key_value} removed", ((start, end, ""),)
            )


def removed_parameter_key(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.parameters.items():
        for pair in seed.block_pairs(entry.body):
            if pair.key_value in ("default", "type", "constraints"):
                start, end = seed.pair_lines(pair)
                yield Mutation(
                    "removed_parameter_key", f"parameters.{name}.{pair.key_value} removed", ((start, end, ""),)
                )


def wrong_argument_shape(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for call in seed.model.calls:
        args = call.args
        where = f"{call.where.dotted()}: {call.name}"
        if isinstance(args, Sequence) and args.items:
            yield Mutation(
                "wrong_argument_shape",
                f"{where} list -> its first item",
                (_replace_value(seed, args, _flow(args.items[0])),),
            )
            if len(args.items) > 1:
                last = args.items[-1]
                if args.flow:
                    dropped = (seed.content_end(args.items[-2]), seed.content_end(last), "")
                else:
                    dropped = (seed.line_start(last.start), seed.line_end(seed.content_end(last) - 1), "")
                yield Mutation("wrong_argument_shape", f"{where} last item dropped", (dropped,))
        elif isinstance(args, Mapping) and args.pairs:
            first = args.pairs[0]
            if seed.is_block_pair(first) and len(args.pairs) > 1:
                start, end = seed.pair_lines(first)
                yield Mutation(
                    "wrong_argument_shape", f"{where} argument {first.key_value} removed", ((start, end, ""),)
                )
            yield Mutation(
                "wrong_argument_shape", f"{where} map -> list", (_replace_value(seed, args, "[" + _flow(args) + "]"),)
            )
        elif isinstance(args, Scalar):
            yield Mutation(
                "wrong_argument_shape", f"{where} scalar -> map", (seed.scalar_edit(args, "{" + _flow(args) + ": x}"),)
            )
            yield Mutation("wrong_argument_shape", f"{where} scalar -> empty list", (seed.scalar_edit(args, "[]"),))


def _flow(node: Node) -> str:
    """``node`` written on one line in flow style (JSON is flow YAML)."""
    value = node.to_python()
    try:
        return json.dumps(value, sort_keys=False, default=str)
    except (TypeError, ValueError):
        return json.dumps(str(value))


def condition_misuse(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    conditions = list(seed.model.conditions)
    for reference in seed.model.references:
        if reference.kind == "condition":
            yield Mutation(
                "condition_misuse",
                f"{reference.where.dotted()}: {reference.name} -> undefined",
                (seed.scalar_edit(reference.node, "no_such_condition"),),
            )
    for name, entry in seed.model.conditions.items():
        others = [other for other in conditions if other != name]
        if others:
            yield Mutation(
                "condition_misuse",
                f"conditions.{name} -> a bare name",
                (_replace_value(seed, entry.value, rng.choice(others)),),
            )
        yield Mutation(
            "condition_misuse", f"conditions.{name} -> a string", (_replace_value(seed, entry.value, '"true"'),)
        )
    for name, entry in seed.model.resources.items():
        body = entry.body
        if body is None or body.flow or "condition" in body:
            continue
        for literal in ("false", "true"):
            edit = seed.insert_entry(body, f"condition: {literal}")
            if edit:
                yield Mutation("condition_misuse", f"resources.{name} condition: {literal}", (edit,))


def condition_yaml_bool(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.conditions.items():
        word = rng.choice(("on", "off", "yes", "no", "true", "false", "On", "NO"))
        edits = [seed.scalar_edit(entry.key, word)]
        for reference in seed.model.references:
            if reference.kind == "condition" and reference.name == name:
                edits.append(seed.scalar_edit(reference.node, word))
        yield Mutation("condition_yaml_bool", f"condition {name} renamed {word} (and its uses)", tuple(edits))


def parameter_type(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.parameters.items():
        node = _scalar(entry.get("type"))
        if node is None:
            continue
        for wrong in rng.sample(
            ["String", "integer", "list", "string", "number", "json", "boolean", "comma_delimited_list"], 2
        ):
            if wrong != node.value:
                yield Mutation(
                    "parameter_type",
                    f"parameters.{name}.type {node.value} -> {wrong}",
                    (seed.scalar_edit(node, wrong),),
                )


CONSTRAINTS = (
    "- range: {min: 1, max: 10}",
    "- length: {min: 1, max: 4}",
    "- allowed_values: [a, b]",
    "- allowed_pattern: '[0-9]+'",
    "- custom_constraint: ip_addr",
    "- custom_constraint: net_cidr",
    "- custom_constraint: no_such_constraint",
    "- modulo: {step: 2, offset: 1}",
    "- allowed_values: a",
    "- {description: nothing}",
    "- range: {min: 1.5}",
    "- length: {min: 1.5}",
)


def parameter_constraint(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.parameters.items():
        body = entry.body
        if body is None or body.flow or "constraints" in body:
            continue
        pairs = seed.block_pairs(body)
        if not pairs:
            continue
        indent = seed.indent_of(pairs[0].key.start)
        start = seed.line_start(pairs[0].key.start)
        for constraint in rng.sample(CONSTRAINTS, 2):
            text = f"{indent}constraints:\n{indent}  {constraint}\n"
            yield Mutation(
                "parameter_constraint", f"parameters.{name} constraints {constraint}", ((start, start, text),)
            )


WRONG_DEFAULTS = ("abc", "[1, 2]", "{a: 1}", "maybe", "'1,2'", "1.5", "''", "yes")


def parameter_default(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.parameters.items():
        node = entry.get("default")
        if node is None or (
            isinstance(node, (Mapping, Sequence)) and not node.flow and seed.text[node.start : node.end].count("\n")
        ):
            continue
        wrong = rng.choice(WRONG_DEFAULTS)
        yield Mutation("parameter_default", f"parameters.{name}.default -> {wrong}", (seed.scalar_edit(node, wrong),))


def duplicate_key(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for section in ("parameters", "resources", "outputs", "conditions"):
        for pair in seed.block_pairs(seed.model.section(section)):
            start, end = seed.pair_lines(pair)
            yield Mutation(
                "duplicate_key", f"{section}.{pair.key_value} written twice", ((end, end, seed.text[start:end]),)
            )
    for name, entry in seed.model.resources.items():
        for pair in seed.block_pairs(entry.get("properties")):
            start, end = seed.pair_lines(pair)
            yield Mutation(
                "duplicate_key",
                f"resources.{name}.properties.{pair.key_value} written twice",
                ((end, end, seed.text[start:end]),),
            )


def yaml_quirk(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.resources.items():
        for pair in seed.block_pairs(entry.get("properties")):
            if isinstance(pair.value, Scalar) and pair.value.style is None:
                quirk = rng.choice(YAML_QUIRKS)
                yield Mutation(
                    "yaml_quirk",
                    f"resources.{name}.properties.{pair.key_value}: {pair.value.text!r} -> {quirk}",
                    (seed.scalar_edit(pair.value, quirk),),
                )
    for name, entry in seed.model.parameters.items():
        node = _scalar(entry.get("default"))
        if node is not None and node.style is None:
            quirk = rng.choice(YAML_QUIRKS)
            yield Mutation(
                "yaml_quirk", f"parameters.{name}.default: {node.text!r} -> {quirk}", (seed.scalar_edit(node, quirk),)
            )


def tab_indent(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for pair in seed.block_pairs(seed.model.section("resources"))[:3]:
        start = seed.line_start(pair.key.start)
        if pair.key.start > start:
            yield Mutation(
                "tab_indent", f"resources.{pair.key_value} indented with a tab", ((start, pair.key.start, "\t"),)
            )


def empty_section(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for pair in seed.block_pairs(seed.root):
        if pair.key_value == "heat_template_version" or not isinstance(pair.value, (Mapping, Sequence)):
            continue
        for empty in ("", " []", " {}", " ''"):
            yield Mutation(
                "empty_section",
                f"{pair.key_value} ->{empty or ' null'}",
                ((pair.key.end + 1, seed.content_end(pair.value), empty),),
            )


WRONG_TYPED = ("[a, b]", "{a: b}", "abc", "12", "true", "''")


def property_type(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.resources.items():
        for pair in seed.block_pairs(entry.get("properties")):
            value = pair.value
            if seed.model.call_at(value) is not None:
                continue
            if isinstance(value, Scalar) or (isinstance(value, (Mapping, Sequence)) and value.flow):
                wrong = rng.choice(WRONG_TYPED)
                yield Mutation(
                    "property_type",
                    f"resources.{name}.properties.{pair.key_value} -> {wrong}",
                    (_replace_value(seed, value, wrong),),
                )


def unknown_property(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.resources.items():
        properties = entry.get("properties")
        if isinstance(properties, Mapping):
            edit = seed.insert_entry(properties, "no_such_property: x")
            if edit:
                yield Mutation("unknown_property", f"resources.{name}.properties.no_such_property added", (edit,))


POLICIES = ("Snapshot", "snapshot", "Retain", "retain", "Delete", "DELETE", "Keep")


def deletion_policy(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.resources.items():
        body = entry.body
        if body is None or body.flow:
            continue
        policy = rng.choice(POLICIES)
        existing = body.pair("deletion_policy")
        if existing is not None:
            yield Mutation(
                "deletion_policy",
                f"resources.{name}.deletion_policy -> {policy}",
                (seed.scalar_edit(existing.value, policy),),
            )
        else:
            edit = seed.insert_entry(body, f"deletion_policy: {policy}")
            if edit:
                yield Mutation("deletion_policy", f"resources.{name}.deletion_policy: {policy}", (edit,))


def depends_on(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    names = list(seed.model.resources)
    for name, entry in seed.model.resources.items():
        body = entry.body
        if body is None or body.flow or "depends_on" in body:
            continue
        for target in (
            "no_such_resource",
            name,
            rng.choice(names),
            f"[{rng.choice(names)}, {rng.choice(names)}]",
            "{a: b}",
        ):
            edit = seed.insert_entry(body, f"depends_on: {target}")
            if edit:
                yield Mutation("depends_on", f"resources.{name}.depends_on: {target}", (edit,))


FAULTY_VALUES = (
    "{get_param: no_such_parameter}",
    "{get_resource: no_such_resource}",
    "{get_attr: [no_such_resource, a]}",
    "{list_join: [',']}",
    "{list_join: [',', [a, 1]]}",
    "{str_replace: {params: {a: b}}}",
    "{str_split: [',', 'a,b', 5]}",
    "{map_merge: [{a: 1}, [b]]}",
    "{list_concat: [[a], b]}",
    "{repeat: {for_each: {'%x%': [a, b]}, template: '%x%', permutations: false}}",
    "{repeat: {for_each: {'%x%': [a], '%y%': [b, c]}, template: '%x%', permutations: false}}",
    "{digest: [nosuch, a]}",
    "{make_url: {port: 99999, host: h}}",
    "{yaql: {expression: '$.data.a +', data: {a: 1}}}",
    "{filter: [[a], b]}",
    "{contains: [a, {b: c}]}",
    "{map_replace: [{a: 1}, {keys: {a: b}, other: {}}]}",
    "{str_replace_vstrict: {template: ab, params: {a: ''}}}",
    "{get_file: no_such_file.txt}",
    "{list_join: [',', [a, b]]}",
    "{str_split: [',', 'a,b', 1]}",
    "{map_merge: [{a: 1}, {b: 2}]}",
)


def output_value(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    for name, entry in seed.model.outputs.items():
        value = entry.get("value")
        if value is None:
            continue
        for faulty in rng.sample(FAULTY_VALUES, 3):
            yield Mutation("output_value", f"outputs.{name}.value -> {faulty}", (_replace_value(seed, value, faulty),))


def _replace_value(seed: Seed, node: Node, flow_text: str) -> Edit:
    """Replace a value (block or flow) with a one-line flow value."""
    end = seed.content_end(node)
    if (isinstance(node, (Mapping, Sequence)) and not node.flow) or (
        isinstance(node, Scalar) and node.style in ("|", ">")
    ):
        # A block collection starts on its own line: replace from the colon (or dash) that introduces it.
        introducer = max(seed.text.rfind(":", 0, node.start), seed.text.rfind("- ", 0, node.start) + 1)
        return (introducer + 1, end, " " + flow_text)
    return (node.start, end, flow_text)


def probe_value(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    """A new OS::Heat::Value resource whose value is a faulty (or sound) expression: what Heat's validation
    resolves with the template's defaults."""
    resources = seed.model.section("resources")
    pairs = seed.block_pairs(resources)
    if not pairs:
        return
    indent = seed.indent_of(pairs[0].key.start)
    start = seed.line_start(pairs[0].key.start)
    parameters = [name for name, entry in seed.model.parameters.items() if entry.get("default") is not None]
    values = list(rng.sample(FAULTY_VALUES, 5))
    if parameters:
        parameter = rng.choice(parameters)
        values += [
            f"{{str_split: [',', {{get_param: {parameter}}}, 3]}}",
            f"{{list_join: [',', {{get_param: {parameter}}}]}}",
            f"{{map_merge: [{{get_param: {parameter}}}]}}",
            f"{{str_replace: {{template: x, params: {{x: {{get_param: {parameter}}}}}}}}}",
        ]
    for value in values:
        text = f"{indent}hot_lsp_probe:\n{indent}  type: OS::Heat::Value\n{indent}  properties:\n{indent}    value: {value}\n"
        yield Mutation("probe_value", f"resources.hot_lsp_probe value {value}", ((start, start, text),))


def if_branch(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    """A property wrapped in an ``if`` whose other branch holds a fault: Heat meets it only when it is chosen."""
    for name, entry in seed.model.resources.items():
        for pair in seed.block_pairs(entry.get("properties"))[:2]:
            value = pair.value
            if not (
                (isinstance(value, Scalar) and value.style not in ("|", ">"))
                or (isinstance(value, (Mapping, Sequence)) and value.flow)
            ):
                continue
            faulty = rng.choice(FAULTY_VALUES[:6])
            original = seed.text[value.start : value.end]
            for condition in ("true", "false"):
                wrapped = f"{{if: [{condition}, {original}, {faulty}]}}"
                yield Mutation(
                    "if_branch",
                    f"resources.{name}.properties.{pair.key_value} -> {wrapped}",
                    ((value.start, value.end, wrapped),),
                )


def harmless(seed: Seed, rng: random.Random) -> Iterator[Mutation]:
    """Edits Heat does not care about: a comment, a description, a reordered pair of entries."""
    resources = seed.block_pairs(seed.model.section("resources"))
    for pair in resources[:2]:
        start = seed.line_start(pair.key.start)
        yield Mutation(
            "harmless",
            f"comment before resources.{pair.key_value}",
            ((start, start, f"{seed.indent_of(pair.key.start)}# a comment\n"),),
        )
    for name, entry in list(seed.model.resources.items())[:2]:
        body = entry.body
        if body is not None and not body.flow and "description" not in body:
            edit = seed.insert_entry(body, "description: a resource")
            if edit:
                yield Mutation("harmless", f"resources.{name}.description added", (edit,))
    if len(resources) >= 2:
        a, b = resources[0], resources[1]
        a_start, a_end = seed.pair_lines(a)
        b_start, b_end = seed.pair_lines(b)
        if a_end <= b_start:
            yield Mutation(
                "harmless",
                f"resources {a.key_value} and {b.key_value} swapped",
                ((a_start, a_end, seed.text[b_start:b_end]), (b_start, b_end, seed.text[a_start:a_end])),
            )


KINDS: dict[str, Callable[[Seed, random.Random], Iterator[Mutation]]] = {
    "misspelt_section": misspelt_section,
    "misspelt_resource_key": misspelt_entry_key("resources", "misspelt_resource_key"),
    "misspelt_output_key": misspelt_entry_key("outputs", "misspelt_output_key"),
    "misspelt_parameter_key": misspelt_entry_key("parameters", "misspelt_parameter_key"),
    "misspelt_function": misspelt_function,
    "misspelt_property": misspelt_property,
    "misspelt_reference": misspelt_reference,
    "misspelt_attribute": misspelt_attribute,
    "misspelt_resource_type": misspelt_resource_type,
    "changed_version": changed_version,
    "removed_parameter": removed_entry("parameters", "removed_parameter"),
    "removed_resource": removed_entry("resources", "removed_resource"),
    "removed_condition": removed_entry("conditions", "removed_condition"),
    "removed_output": removed_entry("outputs", "removed_output"),
    "removed_property": removed_property,
    "removed_parameter_key": removed_parameter_key,
    "wrong_argument_shape": wrong_argument_shape,
    "condition_misuse": condition_misuse,
    "condition_yaml_bool": condition_yaml_bool,
    "parameter_type": parameter_type,
    "parameter_constraint": parameter_constraint,
    "parameter_default": parameter_default,
    "duplicate_key": duplicate_key,
    "yaml_quirk": yaml_quirk,
    "tab_indent": tab_indent,
    "empty_section": empty_section,
    "property_type": property_type,
    "unknown_property": unknown_property,
    "deletion_policy": deletion_policy,
    "depends_on": depends_on,
    "output_value": output_value,
    "probe_value": probe_value,
    "if_branch": if_branch,
    "harmless": harmless,
}


def mutations_of(seed: Seed, per_kind: int) -> list[Mutation]:
    """Up to ``per_kind`` mutations of each kind, chosen by a generator seeded with the seed's path."""
    chosen: list[Mutation] = []
    for kind, generate in KINDS.items():
        rng = random.Random(f"{seed.path}:{kind}")
        candidates = list(generate(seed, rng))
        rng.shuffle(candidates)
        seen: set[tuple[Edit, ...]] = set()
        for mutation in candidates:
            if len(seen) >= per_kind:
                break
            if mutation.edits in seen or apply(seed.text, mutation.edits) == seed.text:
                continue
            seen.add(mutation.edits)
            chosen.append(mutation)
    return chosen
