"""Mistakes made in real templates for fix kinds that neither the recorded mutants nor the rule fixtures give often
enough (issue 29's harness): each function takes a real template and yields (what it did, the edits) for every
place it can make its one mistake. The edits are offsets in the real text, as the recorded mutants' are."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from fix_check import Edit

from hot_lsp import spec
from hot_lsp.document import Mapping, Scalar, parse

Mutation = tuple[str, list[Edit], bool]  # what was done, the edits, whether a fix can give back the original


def _entries(text: str, section: str) -> list[tuple[str, Mapping]]:
    root = parse(text).root
    body = root.get(section) if isinstance(root, Mapping) else None
    if not isinstance(body, Mapping):
        return []
    return [(str(p.key_value), p.value) for p in body.pairs if isinstance(p.value, Mapping)]


def deprecated_type(text: str) -> Iterator[Mutation]:
    """A resource's type written as the older type it replaced (W3020 names the replacement), where the
    properties as written suit both."""
    catalogue = spec.builtin_catalogue()
    older = {t.replacement: t for t in catalogue.types.values() if t.replacement}
    for name, body in _entries(text, "resources"):
        node = body.get("type")
        if not isinstance(node, Scalar) or node.value not in older or node.start == node.end:
            continue
        old, new = older[node.value], catalogue.types[node.value]
        properties = body.get("properties")
        written = {str(p.key_value) for p in properties.pairs} if isinstance(properties, Mapping) else set()
        required = {n for n, p in old.properties.items() if p.required}
        if written <= set(old.properties) & set(new.properties) and required <= written:
            yield f"resources.{name}.type -> {old.name}", [(node.start, node.end, old.name)], True


# Old types whose replacement takes the same properties, with the ones both require.
OLD_TYPES = (
    ("OS::Heat::SoftwareDeployments", "servers: {}"),
    ("OS::Heat::StructuredDeployments", "servers: {}"),
    ("OS::Magnum::Bay", "cluster_template: a_template"),
)


def old_type_added(text: str) -> Iterator[Mutation]:
    """A resource of an old type added after the last one (where the template has none to write back)."""
    resources = parse(text).root
    body = resources.get("resources") if isinstance(resources, Mapping) else None
    if not isinstance(body, Mapping) or body.flow or not body.pairs:
        return
    first, last = body.pairs[0].key, body.pairs[-1]
    column = first.start - (text.rfind("\n", 0, first.start) + 1)
    end = _content_end(text, last.value) if last.value.end > last.value.start else last.key.end
    at = text.find("\n", end)
    if at < 0 or "\t" in text or "\r" in text:
        return
    old, properties = OLD_TYPES[len(text) % len(OLD_TYPES)]
    pad = " " * column
    block = f"{pad}old_one:\n{pad}  type: {old}\n{pad}  properties:\n{pad}    {properties}\n"
    if "old_one" not in body:
        yield f"resources.old_one: {old} added", [(at + 1, at + 1, block)], False


def replaced_type(text: str) -> Iterator[Mutation]:
    yield from deprecated_type(text)
    yield from old_type_added(text)


def condition_by_name(text: str) -> Iterator[Mutation]:
    """A condition defined as the bare name of another (E5003: only `{not: {not: other}}` reuses it), or, in a
    template with one condition, as the string 'true' (E5003: a boolean is written without quotes)."""
    conditions = [(name, body) for name, body in _all_entries(text, "conditions")]
    for (name, value), (other, _) in zip(conditions, conditions[1:], strict=False):
        yield f"conditions.{name} -> {other}", [(value.start, _content_end(text, value), other)], False
    if len(conditions) == 1:
        name, value = conditions[0]
        yield f"conditions.{name} -> 'true'", [(value.start, _content_end(text, value), "'true'")], False
    root = parse(text).root
    version = root.get("heat_template_version") if isinstance(root, Mapping) else None
    known = spec.lookup_version(str(version.value)) if isinstance(version, Scalar) else None
    if (
        not conditions
        and known is not None
        and known.date >= "2016-10-14"
        and text.endswith("\n")
        and isinstance(root, Mapping)
        and "conditions" not in root
    ):
        yield "conditions.never: 'false' added", [(len(text), len(text), "conditions:\n  never: 'false'\n")], False


def unknown_policy(text: str) -> Iterator[Mutation]:
    """A deletion_policy that is no policy and like none (E3008 lists the valid ones)."""
    for name, body in _entries(text, "resources"):
        pair = body.pair("deletion_policy")
        if pair is not None and isinstance(pair.value, Scalar) and pair.value.end > pair.value.start:
            yield f"resources.{name}.deletion_policy -> Keep", [(pair.value.start, pair.value.end, "Keep")], False
        elif pair is None and not body.flow and body.pairs:
            key = body.pairs[0].key
            line = text.rfind("\n", 0, key.start) + 1
            indent = text[line : key.start]
            if not indent.strip():
                yield (
                    f"resources.{name}.deletion_policy: Keep added",
                    [(line, line, f"{indent}deletion_policy: Keep\n")],
                    False,
                )


def _all_entries(text: str, section: str) -> list[tuple[str, object]]:
    root = parse(text).root
    body = root.get(section) if isinstance(root, Mapping) else None
    return [(str(p.key_value), p.value) for p in body.pairs] if isinstance(body, Mapping) and not body.flow else []


def _content_end(text: str, node: object) -> int:
    end = node.end  # type: ignore[attr-defined]
    while end > node.start and text[end - 1] in " \t\r\n":  # type: ignore[attr-defined]
        end -= 1
    return end


def empty_metadata(text: str) -> Iterator[Mutation]:
    """A resource's `metadata:` written with nothing under it (E3013: Heat wants a map there, `{}` when empty)."""
    for _, body in _entries(text, "resources"):
        if "metadata" in body or body.flow or not body.pairs:
            continue
        key = body.pairs[0].key
        line = text.rfind("\n", 0, key.start) + 1
        indent = text[line : key.start]
        if not indent.strip():
            yield "metadata: added empty", [(line, line, f"{indent}metadata:\n")], False
            return


def empty_environment_section(text: str) -> Iterator[Mutation]:
    """A section an environment file does not have, added with nothing under it (E7002: Heat refuses null)."""
    root = parse(text).root
    if isinstance(root, Mapping) and not root.flow and "\t" not in text and "\r" not in text and text.endswith("\n"):
        for section in ("parameter_merge_strategies", "event_sinks", "parameters", "parameter_defaults"):
            if section not in root:
                yield f"{section}: added empty", [(len(text), len(text), f"{section}:\n")], False
                return


def misspelt_type(text: str) -> Iterator[Mutation]:
    """A parameter's type misspelt (a letter dropped): E2002 names the type."""
    for name, body in _entries(text, "parameters"):
        node = body.get("type")
        if isinstance(node, Scalar) and node.value in spec.PARAMETER_TYPES and node.end - node.start == len(node.value):
            word = str(node.value)
            typo = word[:2] + word[3:]
            yield f"parameters.{name}.type -> {typo}", [(node.start, node.end, typo)], True
            return


def whole_resource_attributes(text: str) -> Iterator[Mutation]:
    """An output reading every attribute of a resource (`get_attr: [name]`), the template written for a version
    before that form (E4007 raises the version): the output added last, the version set to 2015-04-30."""
    root = parse(text).root
    version = root.get("heat_template_version") if isinstance(root, Mapping) else None
    resources = _entries(text, "resources")
    if not isinstance(root, Mapping) or not isinstance(version, Scalar) or not resources or not text.endswith("\n"):
        return
    known = spec.lookup_version(str(version.value))
    if known is None or version.end == version.start:
        return
    edits: list[Edit] = [] if known.date < "2015-10-15" else [(version.start, version.end, "2015-04-30")]
    entry = f"every_attribute:\n    value: {{get_attr: [{resources[0][0]}]}}\n"
    last = root.pairs[-1]
    if "outputs" not in root:
        edits.append((len(text), len(text), f"outputs:\n  {entry}"))
    elif last.key_value == "outputs" and isinstance(last.value, Mapping) and not last.value.flow and last.value.pairs:
        first = last.value.pairs[0].key
        if first.start - (text.rfind("\n", 0, first.start) + 1) != 2:
            return
        edits.append((len(text), len(text), f"  {entry}"))
    else:
        return
    yield "outputs.every_attribute: get_attr [resource] added", edits, False


# Which mistake makes which fix kind's finding, for the kinds that need them, and whether it is made in an
# environment file (else in a template).
MUTATORS: dict[str, tuple[Callable[[str], Iterator[Mutation]], bool]] = {
    "W3020 suggestion": (replaced_type, False),
    "E5003 replace": (condition_by_name, False),
    "E3008 suggestion": (unknown_policy, False),
    "E7002 add_key": (empty_environment_section, True),
    "E3013 add_key": (empty_metadata, False),
    "E2002 suggestion": (misspelt_type, False),
    "E4007 raise_version": (whole_resource_attributes, False),
}
