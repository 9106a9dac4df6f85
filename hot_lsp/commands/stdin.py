"""``hot-lsp check -``: the text to check read from standard input (an editor's unsaved buffer, a pipe), named by
``--stdin-filename`` as ruff, eslint and cfn-lint name it.

The name stands for the file in every way but one: it is what the report prints (as typed; ``-`` without it, as
ruff prints), the folder the project configuration is found from and relative paths are taken from, and what
``--exclude`` matches; but the file on disk at that path, if any, is never read: standard input's text is checked,
and a template that includes the named file (a cycle) reads that text too. Without a name, the text stands for a
file ``-`` in the working folder. ``-`` is the only PATH of its run: the configuration found from its name is
the run's, and files named beside it might want another.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from ..analysis.files.overlay import Overlay
from .files import NotText, Source, decode_text

STDIN = "-"


def stdin_usage(paths: Sequence[str], stdin_filename: str | None, cloud: str | None) -> str | None:
    """Why ``check``'s arguments cannot be run as given (one line), or None."""
    reads_stdin = STDIN in paths
    if stdin_filename is not None and not reads_stdin:
        return (
            "--stdin-filename names standard input's text: give - as the PATH (hot-lsp check - --stdin-filename FILE)"
        )
    if not reads_stdin:
        return None
    if len(paths) > 1:
        return (
            "- (standard input) must be the only PATH: the configuration and relative paths are found from its "
            "name, so check other files in another run (a file named - is ./-)"
        )
    if stdin_filename is not None and not stdin_filename.strip():
        return "--stdin-filename: give the file's name (where the text would be saved)"
    if stdin_filename is not None and os.path.isdir(stdin_filename):
        return f"--stdin-filename: {stdin_filename} is a folder; give the file's name (where the text would be saved)"
    if cloud:
        return "--os-cloud sends files from disk, not standard input: save the file and check it by name"
    return None


def config_start(stdin_filename: str | None) -> str:
    """Where the project configuration is looked for: the stdin filename's folder, else the working folder."""
    return os.path.dirname(os.path.abspath(stdin_filename)) if stdin_filename else os.getcwd()


def read_stdin(stdin_filename: str | None) -> Source:
    """Standard input's bytes, to be checked as the file ``stdin_filename`` (``-`` without one); OSError when
    standard input cannot be read."""
    if sys.stdin is None:
        raise OSError("standard input is closed")
    return Source(stdin_filename or STDIN, True, sys.stdin.buffer.read())


def stdin_overlay(source: Source) -> Overlay | None:
    """Standard input's text in place of the file it names, for whatever reads that path again (a template that
    includes it, the environment checks reading what it declares); None when it is not text."""
    assert source.content is not None
    try:
        return {os.path.abspath(source.path): (0, decode_text(source.content))}
    except NotText:
        return None
