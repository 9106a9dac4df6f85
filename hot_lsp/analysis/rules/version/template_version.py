"""0xxx: heat_template_version, the template's size, and a Jinja2 source named to be checked."""

from __future__ import annotations

from .... import spec
from ....document import QuickFix, Scalar
from ....spec.limits import MAX_TEMPLATE_SIZE
from ...codes import define
from ..context import RuleContext
from ..phases import MODEL

PHASE = MODEL  # (rules/phases.py: when this unit runs)

E0013 = define(
    "E0013",
    "A Jinja2 template source ({% ... %}, {{ ... }}) that is not YAML yet: Heat reads the rendered file, so render "
    "it first (TripleO: tools/process-templates.py) and check the result.",
    "(a TripleO role.role.j2.yaml named on the command line)",
    "version",
    slug="jinja2-source",
    why="Heat never renders Jinja2: it would fail to parse `{%` as YAML. The file TripleO renders from it is "
    "the template Heat reads, so that is the one to check.",
    instead="(render it first, e.g. TripleO's tools/process-templates.py, and check the rendered .yaml)",
    heat_step="none: Heat only ever sees the rendered file",
    phase=PHASE.name,
)
W0006 = define(
    "W0006",
    f"The template is larger than Heat's max_template_size ({MAX_TEMPLATE_SIZE:,} characters); Heat will reject it.",
    "(a 600 KB template)",
    "version",
    slug="template-too-large",
    why="Heat applies max_template_size (524,288 characters) to every template it is sent: the request fails "
    "with 'Request limit exceeded: Template size (N bytes) exceeds maximum allowed size (524288 bytes)'.",
    instead="(move groups of resources into nested templates, each under the limit)",
    heat_step="stack create request (max_template_size)",
    phase=PHASE.name,
)
E0010 = define(
    "E0010",
    "The template has resources but no heat_template_version.",
    "resources:\n  r: {type: OS::Heat::None}",
    "version",
    slug="missing-version",
    why="Heat picks the template's class from heat_template_version before it reads anything else: without it "
    "the stack create fails with 'Template format version not found'.",
    instead="heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Heat::None}",
    heat_step="template parse",
    phase=PHASE.name,
    safe_fix="version",
)
E0011 = define(
    "E0011",
    "heat_template_version is not a string (an unquoted year is a number).",
    "heat_template_version: 2016",
    "version",
    slug="version-not-a-string",
    why="An unquoted version such as 2016 is read by YAML as a number, and Heat matches the version as a "
    "string: it fails with 'Template version was not provided'.",
    instead="heat_template_version: 2016-10-14",
    heat_step="template parse",
    phase=PHASE.name,
)
E0012 = define(
    "E0012",
    "heat_template_version is not a version Heat 27 knows; the nearest valid ones are suggested.",
    "heat_template_version: 2016-10-15",
    "version",
    slug="unknown-version",
    why="Heat 27 knows only its listed dates and release names; any other value fails with 'The template "
    "version is invalid', followed by the versions it accepts.",
    instead="heat_template_version: 2016-10-14",
    heat_step="template parse",
    phase=PHASE.name,
)


def check(context: RuleContext) -> None:
    model, report = context.model, context.report
    text = model.parsed.text
    if len(text) > MAX_TEMPLATE_SIZE:
        report(
            W0006,
            (0, min(len(text), len(model.parsed.lines.line_text(0)) or 1)),
            f"This template has {len(text):,} characters; Heat rejects templates over "
            f"{MAX_TEMPLATE_SIZE:,} (max_template_size). Split it into nested templates.",
        )
    pair = model.version_pair
    if pair is None:
        first = next(iter(model.root.pairs), None)
        at = first.key if first is not None else model.root
        report(
            E0010,
            at,
            f"heat_template_version is missing; add `heat_template_version: {spec.LATEST.date}` "
            "as the first line (Heat says: Template format version not found).",
            data=QuickFix(fix="add_version", version=spec.LATEST.date),
        )
        return
    value = pair.value
    if not isinstance(value, Scalar) or value.value is None:
        # An empty value has no text of its own: point at the key.
        report(E0011, pair.key, _not_string_message(value))
        return
    if not isinstance(value.value, str):
        report(E0011, value, _not_string_message(value))
        return
    if spec.lookup_version(value.value) is None:
        suggestions = spec.nearest_version_names(value.value)
        hint = f" Did you mean {', '.join(suggestions)}?" if suggestions else ""
        report(
            E0012,
            value,
            f'"{value.value}" is not a HOT version Heat 27 accepts.{hint} Valid: '
            f"{', '.join(spec.accepted_version_names())}.",
            data=QuickFix(suggestions=_not_older(suggestions, value.value)),
        )


def _not_older(names: list[str], written: str) -> list[str]:
    """The suggestions offered as fixes: none older than the newest version the written date reaches (a date is
    written for at least that version; an older one may lack what the template uses)."""
    reached = [d for d in spec.accepted_version_names() if d[:1].isdigit() and d <= written]
    if not written[:1].isdigit() or not reached:
        return names
    floor = max(reached)
    return [n for n in names if (v := spec.lookup_version(n)) is not None and v.date >= floor]


def _not_string_message(value: object) -> str:
    shown = value.text if isinstance(value, Scalar) else "a collection"
    return (
        f"heat_template_version must be a version string such as {spec.LATEST.date} or "
        f"{spec.LATEST.alias}; {shown!r} is read as {_type_name(value)}, and Heat then says "
        "'Template version was not provided'."
    )


def _type_name(value: object) -> str:
    if isinstance(value, Scalar):
        return {"int": "a number", "float": "a number", "bool": "a boolean", "null": "nothing"}.get(
            value.tag, value.tag
        )
    return "a list or mapping"
