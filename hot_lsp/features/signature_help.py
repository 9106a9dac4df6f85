"""textDocument/signatureHelp: the arguments of the function call around the cursor, and the one being written.

Where the cursor is comes from :func:`hot_lsp.analysis.queries.cursor.cursor_at` (the text may be half-typed), or from the
tree where the line holds free text (``template: some words``); :func:`hot_lsp.analysis.queries.locate.classify` gives the
calls around that path for the template's version and context (normal or condition functions), so a function the
version lacks has no signature here. The innermost call wins. What each function takes comes from the spec
(:func:`hot_lsp.spec.function_signature`): a single value, list items in order (the last maybe repeating) or the
keys of a map, whose active parameter is the item's position or the key the cursor is in.
"""

from __future__ import annotations

from lsprotocol import types

from .. import spec
from ..analysis.queries.cursor import cursor_at
from ..analysis.queries.locate import Path, PathPart, classify, hit_at, is_template, known_names, lookup
from ..document import Mapping, Node, ParsedDocument
from ..spec import FunctionSignature, guide
from .snapshot import Snapshot

_BRACKETS = {"list": ("[", "]"), "map": ("{", "}"), "value": ("", "")}
_KEY_CHARACTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"


def signature_help(
    snapshot: Snapshot,
    params: types.SignatureHelpParams,
    *,
    markdown: bool = True,
    label_offsets: bool = True,
) -> types.SignatureHelp | None:
    """The signature of the innermost call at ``params.position``; None outside calls and outside templates.

    ``markdown``: the client reads markdown documentation (signatureInformation.documentationFormat);
    ``label_offsets``: it takes parameter labels as offsets into the signature's label (labelOffsetSupport).
    """
    analysis = snapshot.analysis
    if not is_template(analysis, snapshot.last_good):
        return None
    parsed = analysis.parsed
    offset = snapshot.offset(params.position)
    version = known_names(analysis, snapshot.last_good).version
    found = _path_at(analysis.text, parsed, offset)
    if found is None:
        return None
    path, key = found
    place = classify(path, version)
    call = place.call
    if call is None:
        return None
    signature = spec.function_signature(call.name, version)
    if signature is None or not signature.parameters:
        return None
    arguments = place.arguments
    active = _active(signature, arguments, key, lookup(parsed.root, path) if not arguments else None)
    # Past the last parameter: none is highlighted (a key Heat does not read, an item too many).
    index = active if active is not None else len(signature.parameters)
    information = _information(signature, snapshot, markdown, label_offsets)
    # The signature's own index says the same as the top-level one: left as None it is sent as null, which LSP 3.18
    # reads as "no parameter active", overriding the top-level index.
    information.active_parameter = index
    return types.SignatureHelp(signatures=[information], active_signature=0, active_parameter=index)


def _path_at(text: str, parsed: ParsedDocument, offset: int) -> tuple[Path, str | None] | None:
    """The path at the cursor, and the key being typed when the cursor is in a key of the mapping at that path."""
    cursor = cursor_at(text, parsed.lines, parsed.root, offset)
    if cursor.slot == "value":
        return cursor.path, None
    if cursor.slot == "key":
        if cursor.prefix.endswith(":"):  # `list_join:` just typed: its argument comes next
            return (*cursor.path, cursor.prefix[:-1]), None
        # The whole key under the cursor, not just what is before it: on `|params:` the key is `params`.
        rest = len(cursor.after) - len(cursor.after.lstrip(_KEY_CHARACTERS)) if cursor.key_follows else 0
        return cursor.path, cursor.prefix + cursor.after[:rest]
    # Free text (`template: a few words `): the tree has the node, up to the blanks after its last word.
    while offset > 0 and text[offset - 1] in " \t":
        offset -= 1
    hit = hit_at(parsed.root, offset)
    if hit is None:
        return None
    return hit.path, None


def _active(signature: FunctionSignature, arguments: Path, key: str | None, argument: Node | None) -> int | None:
    """Which parameter the cursor is in: a list item's position, a map's key, or the one value."""
    count = len(signature.parameters)
    if signature.shape == "value":
        return 0
    first: PathPart | None = arguments[0] if arguments else None
    if signature.shape == "list":
        if first is None:
            return 0  # the argument itself: a list not begun yet, or get_param's plain name
        if not isinstance(first, int):
            return None
        return first if first < count else (count - 1 if signature.repeats else None)
    labels = [parameter.label for parameter in signature.parameters]
    if isinstance(first, str):
        return labels.index(first) if first in labels else None
    if first is not None:
        return None
    if key:  # a key being typed in the argument map
        return next((i for i, label in enumerate(labels) if label.startswith(key)), None)
    if isinstance(argument, Mapping):
        return next((i for i, label in enumerate(labels) if label not in argument), None)
    return 0


def _information(
    signature: FunctionSignature, snapshot: Snapshot, markdown: bool, label_offsets: bool
) -> types.SignatureInformation:
    opening, closing = _BRACKETS[signature.shape]
    label = f"{signature.name}: {opening}"
    spans: list[tuple[int, int]] = []
    for index, parameter in enumerate(signature.parameters):
        if index:
            label += ", "
        spans.append((len(label), len(label) + len(parameter.label)))
        label += parameter.label + (": …" if signature.shape == "map" else "")
    if signature.repeats:
        label += ", ..."
    label += closing
    parameters = [
        types.ParameterInformation(
            label=span if label_offsets else parameter.label,
            documentation=_markup(parameter.doc, markdown),
        )
        for span, parameter in zip(spans, signature.parameters, strict=True)
    ]
    function = spec.FUNCTIONS[signature.name]
    doc = f"Returns {function.returns[0].lower()}{function.returns[1:]}\n\n{function.arguments_doc}"
    url = spec.function_url(guide.release_of(snapshot.catalogue.heat_version), signature.name)
    if url:
        doc += f"\n\n[Heat template guide]({url})" if markdown else f"\n\n{url}"
    return types.SignatureInformation(label=label, documentation=_markup(doc, markdown), parameters=parameters)


def _markup(text: str, markdown: bool) -> types.MarkupContent:
    kind = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
    return types.MarkupContent(kind=kind, value=text)
