"""The one diagnostic type every layer produces and every front end prints."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol, TypeGuard, TypeVar, get_args

ERROR = 1
WARNING = 2
INFORMATION = 3
HINT = 4

# LSP's position encodings, in the order Related.ranges holds a range for each.
ENCODINGS = ("utf-8", "utf-16", "utf-32")

SEVERITY_OF_LETTER = {"E": ERROR, "W": WARNING, "I": INFORMATION, "H": HINT}
SEVERITY_NAMES = {ERROR: "error", WARNING: "warning", INFORMATION: "information", HINT: "hint"}


# What a quick fix does (features/code_actions.py has an action for each; a test holds that):
# replace: put ``text`` in place of the diagnostic's range (or of the offsets ``at``), and at each of ``spans``;
# remove_key / remove_item: delete the entry, or the list item, the diagnostic starts at;
# add_key: add ``key`` (with ``value``) to the entry whose key the diagnostic covers;
# add_keys: add each of ``missing`` with the YAML text of ``values`` alongside: to the value of the key the diagnostic
#   covers, or, with ``key``, to the map under ``key`` beside the value the diagnostic covers (made when absent);
# declare_parameter: declare the parameter ``name`` (default: the text at the range) in ``parameters``;
# declare_condition: define the condition ``name`` as ``text`` in ``conditions`` (written when absent);
# raise_version / add_version: set heat_template_version to ``version``;
# split_constraint: give each constraint kind of the entry the diagnostic is in a list item of its own;
# quote: write the scalar at the range, and those at ``spans``, in single quotes (a name YAML reads as a boolean).
FixKind = Literal[
    "replace",
    "remove_key",
    "remove_item",
    "add_key",
    "add_keys",
    "declare_parameter",
    "declare_condition",
    "raise_version",
    "add_version",
    "split_constraint",
    "quote",
]
FIX_KINDS: tuple[FixKind, ...] = get_args(FixKind)


@dataclass(frozen=True, slots=True)
class QuickFix:
    """The machine-readable facts a quick fix for one diagnostic needs (the client gets them as its ``data``).

    ``suggestions``: did-you-mean names, each of which may replace the diagnostic's range; ``fix`` and its
    fields: the rule's own fix (see FixKind). ``missing``: the keys a call or a resource lacks (``add_keys``
    adds them, with ``values``, YAML text, beside).
    """

    fix: FixKind | None = None
    suggestions: Sequence[str] | None = None
    text: str | None = None
    at: tuple[int, int] | None = None
    version: str | None = None
    name: str | None = None
    key: str | None = None
    value: str | None = None
    missing: Sequence[str] | None = None
    spans: Sequence[tuple[int, int]] | None = None  # other places the fix changes too (``quote``: the uses)
    values: Sequence[str] | None = None  # ``add_keys``: the value of each of ``missing``

    def __post_init__(self) -> None:
        for name in ("suggestions", "missing", "spans", "values"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))

    def to_json(self) -> dict[str, Any]:
        """The LSP ``data`` (JSON keys as the clients and docs know them: ``with`` for the replacement text)."""
        data: dict[str, Any] = {}
        for name, key in _JSON_KEYS:
            value = getattr(self, name)
            if name == "spans" and value is not None:
                data[key] = [list(span) for span in value]
            elif value is not None:
                data[key] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_json(cls, data: Any) -> QuickFix | None:
        """Read back what a client returned (or None when it is not ours): unknown or ill-typed keys are dropped."""
        if not isinstance(data, dict):
            return None
        fields: dict[str, Any] = {}
        for name, key in _JSON_KEYS:
            value = data.get(key)
            if name in ("suggestions", "missing", "values"):
                if isinstance(value, list):
                    fields[name] = tuple(item for item in value if isinstance(item, str))
            elif name == "at":
                if _is_span(value):
                    fields[name] = (value[0], value[1])
            elif name == "spans":
                if isinstance(value, list):
                    fields[name] = tuple((span[0], span[1]) for span in value if _is_span(span))
            elif name == "fix":
                if value in FIX_KINDS:
                    fields[name] = value
            elif isinstance(value, str):
                fields[name] = value
        return cls(**fields)


def _is_span(value: Any) -> TypeGuard[list[int]]:
    return isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value)


_JSON_KEYS = (
    ("fix", "fix"),
    ("suggestions", "suggestions"),
    ("text", "with"),
    ("at", "at"),
    ("version", "version"),
    ("name", "name"),
    ("key", "key"),
    ("value", "value"),
    ("missing", "missing"),
    ("spans", "spans"),
    ("values", "values"),
)


@dataclass(frozen=True, slots=True)
class Related:
    """A place in another file a finding is about (LSP ``relatedInformation``): the character offsets
    ``start``..``end`` of the text at ``path``, and that range as (start line, start character, end line, end
    character), 0-based, in each of LSP's position encodings (``ENCODINGS``' order), so that the file's text need
    not be kept."""

    path: str
    message: str
    start: int
    end: int
    ranges: tuple[tuple[int, int, int, int], ...]
    code: str = ""  # the code of the finding at that place, when it is one (a nested template's own fault)

    def range_in(self, encoding: str) -> tuple[int, int, int, int]:
        """The range, characters counted in ``encoding`` (utf-16 when it is not one of LSP's)."""
        return self.ranges[ENCODINGS.index(encoding) if encoding in ENCODINGS else 1]


class _Lines(Protocol):
    def position(self, offset: int, encoding: Any = "utf-16") -> tuple[int, int]: ...


def related_at(path: str, message: str, start: int, end: int, lines: _Lines, code: str = "") -> Related:
    """A Related place at offsets ``start``..``end`` of the text ``lines`` indexes (a LineIndex)."""
    ranges = []
    for encoding in ENCODINGS:
        (start_line, start_character), (end_line, end_character) = (
            lines.position(start, encoding),
            lines.position(end, encoding),
        )
        ranges.append((start_line, start_character, end_line, end_character))
    return Related(path, message, start, end, tuple(ranges), code)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A finding at character offsets ``start``..``end`` of the document text.

    ``code`` is stable (see docs/rules.md); its letter gives the default
    severity. ``data`` carries machine-readable quick-fix facts.
    """

    code: str
    message: str
    start: int
    end: int
    severity: int = 0
    data: QuickFix | None = field(default=None, compare=False)
    # Places in other files the finding is about (a nested template's fault: where it is in the child).
    related: tuple[Related, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if not self.severity:
            object.__setattr__(self, "severity", SEVERITY_OF_LETTER.get(self.code[:1], ERROR))

    @property
    def severity_name(self) -> str:
        return SEVERITY_NAMES[self.severity]


class _Placed(Protocol):
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def data(self) -> QuickFix | None: ...


Placed = TypeVar("Placed", bound=_Placed)


def shifted(finding: Placed, delta: int) -> Placed:
    """A finding (a Diagnostic, a function's argument fault: a frozen dataclass with ``start``, ``end`` and quick-fix
    ``data``) ``delta`` characters further on, the offsets its quick fix names too: the entry it is about moved."""
    data = finding.data
    if data is not None and (data.at is not None or data.spans):
        at = (data.at[0] + delta, data.at[1] + delta) if data.at is not None else None
        spans = tuple((a + delta, b + delta) for a, b in data.spans) if data.spans else data.spans
        data = replace(data, at=at, spans=spans)
    return replace(finding, start=finding.start + delta, end=finding.end + delta, data=data)  # type: ignore[type-var]
