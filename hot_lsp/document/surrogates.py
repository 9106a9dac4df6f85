"""Lone UTF-16 surrogates in text from a client, replaced so nothing downstream fails to encode it.

JSON may carry ``"\\ud800"`` on its own (a client that decoded bad bytes, or a JavaScript string cut in the
middle of a pair), and Python keeps it in the ``str``. UTF-8 cannot encode it: the YAML parser and the JSON
answers would raise on it. U+FFFD takes its place; it has the same length in UTF-8 (3 bytes, as the surrogate
counts with ``surrogatepass``), UTF-16 (1 unit) and UTF-32 (1), so every position the client sends still
names the same place. It is also what an editor writes to disk for such a character.
"""

from __future__ import annotations

import re

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"


def without_lone_surrogates(text: str) -> str:
    """``text`` with every surrogate code point replaced by U+FFFD (the same object when there is none)."""
    if _LONE_SURROGATE.search(text) is None:
        return text
    return _LONE_SURROGATE.sub(REPLACEMENT, text)
