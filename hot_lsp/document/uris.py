"""Where a document is: ``file:`` URIs and URLs as local paths, and back, written once for every layer.

On POSIX a ``file:`` URL's path is its percent-decoded path; only Windows needs ``urllib.request``'s drive-letter
rules, which are imported there alone (the module pulls in http.client and email: 8 ms at every start).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlsplit


def url_path(path: str) -> str:
    """The local path of the path part of a ``file:`` URL."""
    if os.name == "nt":  # pragma: no cover - drive letters and backslashes
        from urllib.request import url2pathname

        return url2pathname(path)
    return unquote(path)


def file_path(uri: str) -> str | None:
    """The local file of a ``file:`` URI; None for untitled buffers and other schemes."""
    try:
        parts = urlsplit(uri)
    except ValueError:
        return None
    return url_path(parts.path) if parts.scheme == "file" and parts.path else None


def path_or_uri(uri: str) -> str:
    """The local path of a ``file:`` URI, else the URI itself."""
    return file_path(uri) or uri


def is_file_uri(uri: str) -> bool:
    return uri.startswith("file:")


def file_uri(path: str) -> str:
    """The ``file:`` URI of a local path."""
    return Path(path).as_uri()
