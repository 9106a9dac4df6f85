"""6xxx: output definitions: shape, the required `value`, and their keys.

Heat reads a top-level stack's outputs through ``template_common.outputs``,
which requires a mapping with `value` and ignores every other key. The
stricter ``validate_section`` check (unknown keys rejected) runs only when the
template is used as a nested template, so unknown keys are warnings. The
condition value itself is checked by the conditions rules.
"""

from __future__ import annotations

from .... import spec
from ....document import Mapping, QuickFix, Scalar, Sequence
from ...codes import define
from ...model.template import Entry, TemplateModel
from ...report import Reporter
from ...suggest import did_you_mean
from ..context import RuleContext
from ..phases import MODEL

PHASE = MODEL  # (rules/phases.py: when this unit runs)

E6001 = define(
    "E6001",
    "An output without a `value`.",
    "outputs:\n  ip:\n    description: The server address",
    "outputs",
    slug="output-without-value",
    why="Every output needs a value: 'Each output must contain a value key.'",
    instead="outputs:\n  ip:\n    description: The server address\n    value: {get_attr: [server, first_address]}",
    heat_step="stack validate",
    phase=PHASE.name,
)
W6002 = define(
    "W6002",
    "An unknown key in an output definition (Heat ignores it at the top level, rejects it in a nested template).",
    "outputs:\n  ip:\n    value: {get_attr: [server, first_address]}\n    label: Address",
    "outputs",
    slug="unknown-output-key",
    why="A top-level stack ignores unknown output keys, but a nested template's outputs are read strictly: "
    "'\"label\" is not a valid keyword inside a output definition'.",
    instead="outputs:\n  ip:\n    value: {get_attr: [server, first_address]}\n    description: Address",
    heat_step="stack validate (as a nested template)",
    phase=PHASE.name,
)
E6003 = define(
    "E6003",
    "An output definition that is not a mapping.",
    "outputs:\n  ip: {get_attr: [server, first_address]}\n  name: web",
    "outputs",
    slug="output-not-a-mapping",
    why="An output definition is a map with a value: a bare value fails with 'Each output definition must "
    "contain a value key.'",
    instead="outputs:\n  ip:\n    value: {get_attr: [server, first_address]}",
    heat_step="stack validate",
    phase=PHASE.name,
)
W6004 = define(
    "W6004",
    "An output `condition` before 2016-10-14: Heat silently ignores it.",
    "heat_template_version: 2016-04-08\noutputs:\n  ip:\n    value: x\n    condition: prod",
    "outputs",
    slug="output-condition-too-new",
    why="Output conditions arrived in 2016-10-14: before it Heat silently ignores the key and always shows the output.",
    instead="heat_template_version: 2016-10-14",
    heat_step="none: Heat ignores the key",
    phase=PHASE.name,
)


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    if not isinstance(model.section("outputs"), Mapping):
        return  # absent, empty, or the wrong shape (the sections rule reports that)
    allowed = spec.output_keys_for(model.version)
    for name, entry in model.outputs.items():
        body = entry.body
        if body is None:
            _not_a_mapping(model, name, entry, report)
            continue
        for pair in body.entries():
            key = pair.key_value
            if isinstance(key, str) and key in allowed:
                continue
            if isinstance(key, str) and key in spec.OUTPUT_KEYS:
                since = spec.OUTPUT_KEYS[key]
                report(
                    W6004,
                    pair.key,
                    f"Output `{key}` needs heat_template_version {since} or later; this template is "
                    f"{model.version.date}, so Heat silently ignores it and always shows the output (and rejects "
                    "the key when the template is used as a nested template).",
                    data=QuickFix(fix="raise_version", version=since),
                )
                continue
            shown = key if isinstance(key, str) else pair.key.text if isinstance(pair.key, Scalar) else "?"
            suggestions = _suggestions(shown, allowed)
            hint = f" Did you mean `{suggestions[0]}`?" if suggestions else f" Valid keys: {', '.join(allowed)}."
            report(
                W6002,
                pair.key,
                f'"{shown}" is not a valid keyword inside an output definition (output `{name}`).{hint} Heat ignores '
                "it in a top-level stack but rejects the template when it is used as a nested template.",
                data=_fix(shown, suggestions),
            )
        if "value" not in body:
            report(
                E6001,
                entry.key,
                f"Output `{name}` has no `value` (Heat: Each output definition must contain a value key.). "
                "Add `value:` with what the output should show.",
                data=QuickFix(fix="add_key", key="value"),
            )


def _not_a_mapping(model: TemplateModel, name: str, entry: Entry, report: Reporter) -> None:
    value = entry.value
    if isinstance(value, Scalar) and value.value is not None:
        source = model.parsed.text[value.start : value.end]
        one_line = "\n" not in source
        report(
            E6003,
            value,
            f"Output `{name}` must be a mapping with a `value` key, not a bare value (Heat: Output definitions must "
            "be a map.). Write it under `value:`.",
            data=QuickFix(fix="replace", text=f"{{value: {source}}}") if one_line else None,
        )
        return
    what = "a list" if isinstance(value, Sequence) else "empty"
    report(
        E6003,
        entry.key,
        f"Output `{name}` is {what}; it must be a mapping with a `value` key (Heat: Output definitions must be a "
        "map.).",
    )


def _fix(key: str, suggestions: list[str]) -> QuickFix | None:
    """Renamed only to a key it plainly misspells (`dscription` is not `condition`: a text read as a condition name
    is E5001); removed when it is like none; no fix when it is only somewhat like one (which is meant is the user's)."""
    close = [s for s in suggestions if did_you_mean(key, [s], 1, cutoff=0.75)]
    if close:
        return QuickFix(suggestions=close)
    return None if suggestions else QuickFix(fix="remove_key")


def _suggestions(key: str, allowed: tuple[str, ...]) -> list[str]:
    return did_you_mean(key, allowed, 2)  # CFN spellings (Value, Condition) match without case
