"""What hot-lsp knows about one Heat intrinsic function, as data: a :class:`FunctionRecord`.

One record per function name holds everything spec/ says about it: when it exists (its history per template
version and function table), what a person reads about it (hover, completion, signature help), the keys of the
maps it takes and where Heat's template guide documents it. How it behaves is its ``HeatFunction`` in
``hot_lsp.analysis.functions``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass, field
from typing import Literal

from .. import guide

# How a function takes its argument: one value, a list of positional items, or a map of named keys.
ArgumentShape = Literal["value", "list", "map"]

# Where a map sits in a function's argument: the argument itself (()), or an item of its list ((1,): the second).
ArgumentPath = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ParameterDoc:
    """One argument of a function, for signature help: a list item's placeholder, or a map key's name."""

    label: str
    doc: str


@dataclass(frozen=True, slots=True)
class FunctionRecord:
    """One intrinsic function: its history, its documentation, its argument keys and its guide anchor.

    Heat has two function tables per template version: the *normal* one (resource properties, metadata,
    update_policy, deletion_policy, external_id, output values) and the *condition* one (the ``conditions``
    section, resource and output ``condition``, the first item of ``if``). Versions are dates (``versions``).
    """

    name: str
    _: KW_ONLY
    # -- history: Heat 27.0.1's template classes (facts §2a, §2b) --
    since: str  # the first version where it is a usable normal function
    removed_in: str | None = None  # the version from which Heat rejects it as removed
    condition_since: str | None = None  # the first version where it is a condition function
    normal: bool = True  # False for names that only ever work as condition functions

    # -- what a person reads --
    signature: str
    returns: str
    doc: str
    # LSP snippet text for the value after ``<name>: ``; one that starts with a newline is a block map or list,
    # its lines indented relative to the line holding the function name.
    snippet: str
    arguments_doc: str
    # Signature help. For a map the labels are the keys Heat reads (``argument_keys`` says from which version);
    # for a list, the items in order.
    shape: ArgumentShape = "value"
    parameters: tuple[ParameterDoc, ...] = ()
    # The last list item may repeat: always (True), or from the version with this feature (``features.FEATURES``).
    repeats: bool | str = False

    # -- the maps it takes --
    # The keys of each map in its argument (by path), with the first version whose Heat reads each key. Heat
    # ignores an unread key of str_replace's and repeat's map, and rejects any other key of the others.
    argument_keys: Mapping[ArgumentPath, Mapping[str, str]] = field(default_factory=dict, hash=False)

    @property
    def guide_anchor(self) -> str | None:
        """Its section in the guide's ``hot_spec.html``: the id docutils makes of its name, the section's title.

        The guide documents the functions of today's Heat; the CloudFormation names it removed have no section.
        """
        return None if self.removed_in is not None else guide.section_id(self.name)

    def guide_url(self, release: str) -> str | None:
        """Its section in the template guide of ``release`` (a series, ``guide.release_of``); None if it has none."""
        anchor = self.guide_anchor
        return f"{guide.GUIDE.format(release=release)}hot_spec.html#{anchor}" if anchor else None
