"""Document uris as local paths, the way the server's handlers need them."""

from __future__ import annotations

from urllib.parse import unquote, urlparse


def file_path(uri: str) -> str | None:
    """The local file of a ``file:`` uri (None for untitled buffers and other schemes)."""
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" and parsed.path else None


def path_or_uri(uri: str) -> str:
    """The local path of a ``file:`` uri, else the uri itself."""
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


def is_file_uri(uri: str) -> bool:
    return urlparse(uri).scheme == "file"
