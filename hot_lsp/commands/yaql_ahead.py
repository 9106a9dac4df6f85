"""The yaql helper processes a ``check`` of many files will want, started before the analysis is loaded.

A helper takes about 0.1 s to load yaql, and the first file with a yaql expression waited for it, in each worker
process. Started now, while this process spends about as long loading the analysis on one core, they load on
another, and each process that checks files (every worker, or this one) takes its own, ready (``each_process`` of
:func:`~.pool.run_chunked`). Only for a run that may be large (a folder, or many files): a few files with no yaql
would start one for nothing."""

from __future__ import annotations

import os
from collections.abc import Sequence

from ..analysis.values.yaql_sandbox import prestart, use_prestarted
from .pool import MIN_ITEMS, available_cores

__all__ = ["start_ahead", "use_prestarted"]


def start_ahead(paths: Sequence[str], jobs: int | None) -> None:
    """Start a helper for each process the check of ``paths`` with ``jobs`` may check files in."""
    if len(paths) < MIN_ITEMS and not any(path != "-" and os.path.isdir(path) for path in paths):
        return
    prestart(jobs or available_cores())
