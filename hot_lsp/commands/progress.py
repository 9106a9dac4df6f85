"""A progress line on a terminal: ``hot-lsp check: 120/3200 files [####......]``, erased when the work is done.

Only on a terminal (a log or a pipe gets nothing at all), only for a run long enough to want one (a second gone,
or many files from the start), and redrawn at most ten times a second, so that it costs the work nothing.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import TextIO

SHOW_AFTER_S = 1.0  # a run that has taken this long gets a progress line
SHOW_FROM_FILES = 500  # ... and a run of this many files gets one from the start
REDRAW_EVERY_S = 0.1
_BAR_WIDTH = 30


class Line:
    """One line on ``stream`` when it is a terminal (nothing otherwise), rewritten in place and erased before
    anything else is printed: ``hot-lsp events --follow``'s and ``deploy``'s status, and Progress's count."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.enabled = _is_terminal(self.stream)
        self.shown = ""  # what the line holds now

    def say(self, text: str) -> None:
        if self.enabled:
            self._draw(text[: _columns(self.stream) - 1])  # never the last column: some terminals wrap there

    def clear(self) -> None:
        if self.shown:
            self._draw("")

    def _draw(self, line: str) -> None:
        # Back to the start of the line, the new text, and blanks over what is left of the old one.
        blanks = " " * max(0, len(self.shown) - len(line))
        self.stream.write("\r" + line + blanks + ("" if line else "\r"))
        self.stream.flush()
        self.shown = line


class Progress:
    """Counts items done out of ``total`` and shows the count on ``stream`` when it is a terminal."""

    def __init__(
        self,
        total: int,
        stream: TextIO | None = None,
        label: str = "hot-lsp check",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.line = Line(stream)
        self.total = total
        self.done = 0
        self.label = label
        self.clock = clock
        self.started = clock()
        self.drawn_at: float | None = None
        self.enabled = self.line.enabled and total > 0
        self.eager = total >= SHOW_FROM_FILES

    def advance(self, count: int = 1) -> None:
        self.done += count
        if not self.enabled:
            return
        now = self.clock()
        if not self.eager and now - self.started < SHOW_AFTER_S:
            return
        if self.drawn_at is not None and now - self.drawn_at < REDRAW_EVERY_S and self.done < self.total:
            return
        self.drawn_at = now
        self.line.say(self._line())

    def close(self) -> None:
        """Erase the line (the output that follows starts on a clean line)."""
        self.line.clear()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _line(self) -> str:
        text = f"{self.label}: {self.done}/{self.total} files"
        width = _columns(self.line.stream) - 1  # never the last column: some terminals wrap there
        room = min(_BAR_WIDTH, width - len(text) - 3)
        if room >= 10:
            filled = room * self.done // self.total
            text += " [" + "#" * filled + "." * (room - filled) + "]"
        return text[:width]


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed, or not a real stream
        return False


def _columns(stream: TextIO) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80
