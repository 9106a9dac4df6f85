"""LSP's base protocol read off a byte stream, back in step after a mis-framed message.

A message is header lines (``Name: value``), an empty line, then ``Content-Length`` bytes of JSON. pygls 2.1's
reader only knew ``Content-Length: N\\r\\n`` spelt exactly so, and one wrong length silenced the server for good:
a body never ends in a newline, so from then on every body was read joined to the next header line, which no
longer matched. Here:

- header names are case-insensitive (they are HTTP's); other headers (``Content-Type``) are ignored; lines may
  end in ``\\n`` alone;
- after a framing fault (a line that is not a header, headers without ``Content-Length``, a length that is not
  one) lines are skipped up to the next ``Content-Length:``, found at a line's start or after the junk joined to
  it, so at worst the faulty message and the one whose header it swallowed are lost;
- a length too long takes the next message's first bytes into the body: the body's JSON value is read and what
  follows it given back to the header reader, so nothing is lost; when no next message comes (the client waits
  for this one's answer), a whole JSON object followed by ``STALL_S`` of silence is the body;
- a body that is not JSON (a length too short cut it) is handed on as :class:`NotJson`, to be answered
  ParseError;
- a line longer than ``LINE_LIMIT`` is dropped as it comes (its last bytes kept: a header may follow the junk);
- each fault is reported once, through ``report``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

log = logging.getLogger("hot_lsp.server")

LINE_LIMIT = 1 << 20  # a header line longer than this is not LSP
BODY_LIMIT = 1 << 30  # a larger Content-Length is not believed (the editor's texts stop at 2 M characters)
STALL_S = 0.2  # a body's bytes stopping this long: see FrameReader._body
_CHUNK = 1 << 16
_KEPT_OF_LONG_LINE = 64  # enough to hold "Content-Length:" cut by the drop
# A name (HTTP's token characters), a colon, the value: no two parts can take the same bytes, so matching stays
# linear on a long line (the value's spaces are stripped after).
_HEADER = re.compile(rb"([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*:(.*)\n")
_CONTENT_LENGTH = re.compile(rb"content-length[ \t]*:", re.IGNORECASE)
_EMPTY_LINES = (b"\r\n", b"\n")
_DECODER = json.JSONDecoder()


class FramingError(Exception):
    """Bytes that are not an LSP message where one should begin."""


class NotJson:
    """A message whose body is not JSON (to be answered ParseError, with a null id)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


ReadChunk = Callable[[int], Awaitable[bytes]]


class FrameReader:
    """The messages of a byte stream, as JSON values; ``read_chunk(n)`` gives up to ``n`` bytes, ``b""`` at the
    end.

    Reading what is already buffered does not yield to the loop, so without a yield the handler tasks of a batch of
    messages would all start after the whole batch was read: a hover followed by a didChange in the same read would
    start after the change, and be answered for the new text instead of ContentModified. Each line read yields
    once first, so the tasks of the messages read so far start (and note the text they are about) before the next
    message is handled, as they did with pygls's reader."""

    def __init__(self, read_chunk: ReadChunk, report: Callable[[FramingError], None]) -> None:
        self._read_chunk = read_chunk
        self._report = report
        self._buffer = bytearray()
        self._at_end = False
        self._reading: asyncio.Future[bytes] | None = None  # a read that outlasted a body's patience (see _fill)
        self._cut_line = False  # the line being read lost its start (longer than LINE_LIMIT)
        self._out_of_step = False  # a fault was reported, and no message read since: its aftermath is not reported

    async def messages(self) -> AsyncIterator[Any]:
        """Each message's JSON value (or NotJson), until the end of the stream."""
        while (length := await self._content_length()) is not None:
            body = await self._body(length)
            if body is None:
                log.error("the input ended inside a message of %d bytes", length)
                return
            yield self._decode(body)

    async def _content_length(self) -> int | None:
        """The next message's Content-Length, its headers read; None at the end of the stream."""
        length: int | None = None
        headers = 0
        while (line := await self._line()) is not None:
            fault = None
            if self._cut_line:
                fault = f"a line longer than {LINE_LIMIT} bytes (dropped)"
            elif line in _EMPTY_LINES:
                if length is not None:
                    return length
                if headers == 0:
                    continue  # an empty line between messages: harmless
                fault = "headers without Content-Length"
            elif (header := _HEADER.fullmatch(line)) is None:
                fault = f"not a header line: {_excerpt(line)}"
            elif header[1].lower() == b"content-length":
                value = header[2].strip(b" \t\r")
                length = int(value) if value.isdigit() and len(value) < 12 else None
                if length is None or length > BODY_LIMIT:
                    fault, length = f"not a length: {_excerpt(line)}", None
            if fault is None:
                headers += 1
                continue
            if not self._out_of_step:
                self._report(FramingError(f"{fault}; skipping to the next Content-Length header"))
            self._out_of_step = True
            length, headers = None, 0
            await self._skip_to_content_length(line, 0 if self._cut_line else 1)
        return None

    async def _skip_to_content_length(self, line: bytes | None, start: int) -> None:
        """Drop lines up to the next ``Content-Length:``, beginning with ``line[start:]``; what follows the
        junk before it goes back to be read as a header line."""
        skipped = 0
        while line is not None:
            found = _CONTENT_LENGTH.search(line, start)
            if found is not None:
                self._buffer[0:0] = line[found.start() :]
                log.info("back in step after %d bytes", skipped + found.start())
                return
            skipped += len(line)
            line, start = await self._line(), 0

    async def _line(self) -> bytes | None:
        """The next line, its end included (what is left at the end of the stream; None when nothing is)."""
        await asyncio.sleep(0)
        self._cut_line = False
        searched = 0
        while (end := self._buffer.find(b"\n", searched)) < 0:
            if len(self._buffer) > LINE_LIMIT:
                del self._buffer[:-_KEPT_OF_LONG_LINE]  # bounded memory: the start of such a line is junk
                self._cut_line = True
            searched = len(self._buffer)
            if not await self._fill(_CHUNK):
                line = bytes(self._buffer)
                self._buffer.clear()
                return line or None
        line = bytes(self._buffer[: end + 1])
        del self._buffer[: end + 1]
        return line

    async def _body(self, length: int) -> bytes | None:
        """The next ``length`` bytes; None when the stream ends first.

        A length too long waits for bytes that only the client's next message brings, and the client may be
        waiting for this one's answer: when nothing comes for ``STALL_S`` and what came is a whole JSON object,
        that is the body."""
        tried = -1
        while len(self._buffer) < length:
            filled = await self._fill(max(_CHUNK, length - len(self._buffer)), patience=STALL_S)
            if filled is None and tried != len(self._buffer):
                tried = len(self._buffer)
                if _is_whole_object(self._buffer):
                    log.warning("a Content-Length of %d, but only a %d-byte JSON object came: read", length, tried)
                    length = tried
            elif filled is False:
                return None
        with memoryview(self._buffer) as view:  # one copy of a large body, not two
            body = bytes(view[:length])
        del self._buffer[:length]
        return body

    async def _fill(self, size: int, patience: float | None = None) -> bool | None:
        """More bytes into the buffer: False at the end of the stream, None when none came within ``patience``
        seconds (the read goes on, and the next call takes what it brings)."""
        if self._at_end:
            return False
        if self._reading is None and patience is None:
            chunk = await self._read_chunk(size)
        else:
            if self._reading is None:
                self._reading = asyncio.ensure_future(self._read_chunk(size))
            if patience is not None and not (await asyncio.wait({self._reading}, timeout=patience))[0]:
                return None
            chunk = await self._reading
            self._reading = None
        if not chunk:
            self._at_end = True
            return False
        self._buffer += chunk
        return True

    def _decode(self, body: bytes) -> Any:
        try:
            value = json.loads(body)
        except ValueError as error:  # not UTF-8, or not JSON
            value, rest = _leading_object(body)
            if value is None:
                if not self._out_of_step:
                    self._report(FramingError(f"a message body that is not JSON ({error}): {_excerpt(body)}"))
                self._out_of_step = True
                return NotJson(str(error))
            # Content-Length was too long: the extra bytes are the next message's start.
            log.warning("a Content-Length %d bytes too long; the message's JSON read to its end", len(rest))
            self._buffer[0:0] = rest
        self._out_of_step = False
        return value


def _is_whole_object(data: bytearray) -> bool:
    if not data.rstrip().endswith(b"}"):  # cheap: a body cut short rarely ends so
        return False
    try:
        return isinstance(json.loads(data), dict)
    except ValueError:
        return False


def _leading_object(body: bytes) -> tuple[dict[str, Any] | None, bytes]:
    """The JSON object at the start of ``body`` and the bytes after it, when there is one."""
    try:
        text = body.decode("utf-8")
        value, end = _DECODER.raw_decode(text, len(text) - len(text.lstrip()))
    except ValueError:
        return None, b""
    return (value, text[end:].encode("utf-8")) if isinstance(value, dict) else (None, b"")


def _excerpt(data: bytes) -> str:
    return repr(data[:60]) + ("..." if len(data) > 60 else "")


async def serve(
    stop: threading.Event,
    frames: FrameReader,
    receive: Callable[[Any], None],
    error_handler: Callable[[Exception, Any], Any],
) -> None:
    """Hand each message read to ``receive`` until the stream ends or ``stop`` is set (pygls's ``run_async``)."""
    async for message in frames.messages():
        if stop.is_set():
            break
        try:
            receive(message)
        except Exception as error:
            log.exception("unable to handle a message")
            error_handler(error, type(error))
