"""Which ``resource_registry`` values python-heatclient 5.3 reads as files before it sends an environment
(``heatclient/common/template_utils.py``: ``resolve_environment_urls`` and its ``ignore_if``).

It looks at two levels only: the registry's own entries and those of each ``resources: {name: {...}}`` map. There
an entry is left alone when its key is ``base_url``, its value is a map, its value contains ``::`` (a type), or its
key is ``hooks`` or ``restricted_actions``, in that order. Any other text is a file: joined to ``base_url`` or the
environment's folder and fetched, so a misspelt key (``hook: pre-create``) or a type without ``::`` makes it fetch
a file that is not there (``Could not fetch contents for file:///...``). A value that is neither text nor a map
(``null``, a number) fails its ``'::' in value`` test: ``argument of type 'NoneType' is not iterable``.
"""

from __future__ import annotations

from typing import Any, Literal

REGISTRY_NON_FILES = frozenset(("base_url", "hooks", "restricted_actions"))
BREAKPOINT_KEYS = ("hooks", "restricted_actions")

Reading = Literal["file", "kept", "fails"]


def heatclient_reading(key: Any, value: Any) -> Reading:
    """What python-heatclient does with ``key: value`` at a level it reads: fetch it as a file, keep it as it is,
    or fail (a TypeError it does not catch)."""
    if key == "base_url" or isinstance(value, dict):
        return "kept"
    if isinstance(value, str):
        return "kept" if "::" in value or key in BREAKPOINT_KEYS else "file"
    if isinstance(value, list | tuple) and key in BREAKPOINT_KEYS:
        return "kept"
    return "fails"


def read_levels(path: tuple[str, ...]) -> bool:
    """Whether python-heatclient reads the entries under ``path`` (the keys above them) as files."""
    return path == () or (len(path) == 2 and path[0] == "resources")
