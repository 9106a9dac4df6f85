"""The folders below which absolute paths may be looked at, resolved once for a run of many analyses.

Every analysis of a file on disk asks whether an absolute path (a registry entry, a ``file://`` child) is below
the roots: lexically for an environment's entries, links followed for the files read. A command line naming
thousands of files in hundreds of folders has as many roots; resolving each for each analysis cost the square of
the count. :class:`Roots` is the folders with both forms worked out once; any other sequence of folders is
resolved when asked, as before.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence


class Roots(tuple[str, ...]):
    """Absolute folders (a tuple, so it goes wherever the folders did), with their links resolved (``real``)."""

    real: tuple[str, ...]

    def __new__(cls, folders: Iterable[str]) -> Roots:
        roots = super().__new__(cls, tuple(os.path.abspath(folder) for folder in folders))
        roots.real = tuple(os.path.realpath(folder) for folder in roots)
        return roots


def absolute_roots(roots: Sequence[str]) -> tuple[str, ...]:
    """The roots as absolute paths, links not followed."""
    if isinstance(roots, Roots):
        return roots
    return tuple(os.path.abspath(root) for root in roots)


def real_roots(roots: Sequence[str]) -> tuple[str, ...]:
    """The roots with their links followed."""
    if isinstance(roots, Roots):
        return roots.real
    return tuple(os.path.realpath(root) for root in roots)
