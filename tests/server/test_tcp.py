"""``hot-lsp --tcp HOST:PORT``: the same server over a loopback socket."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _read_frame(sock: socket.socket) -> dict:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        assert chunk, "connection closed"
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")
    )
    while len(rest) < length:
        chunk = sock.recv(4096)
        assert chunk, "connection closed"
        rest += chunk
    return json.loads(rest[:length])


@contextmanager
def tcp_server() -> Iterator[tuple[socket.socket, subprocess.Popen]]:
    """``hot-lsp --tcp`` on a free loopback port, and a connection to it; the process is killed at the end if it
    is still running."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "hot_lsp", "--tcp", f"127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        sock = None
        for _ in range(200):
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=0.1)
                break
            except OSError:
                if process.poll() is not None:
                    pytest.fail(f"server exited: {process.stderr.read().decode()}")
                time.sleep(0.05)
        assert sock is not None, "the TCP server never listened"
        sock.settimeout(20)
        with sock:
            yield sock, process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_tcp_transport_on_loopback():
    with tcp_server() as (sock, process):
        sock.sendall(_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}))
        answer = _read_frame(sock)
        assert answer["id"] == 1
        assert answer["result"]["serverInfo"]["name"] == "hot-lsp"
        sock.sendall(_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        sock.sendall(_frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
        while _read_frame(sock).get("id") != 2:
            pass
        sock.sendall(_frame({"jsonrpc": "2.0", "method": "exit"}))
        assert process.wait(timeout=20) == 0


def test_tcp_rejects_a_bad_address():
    result = subprocess.run(
        [sys.executable, "-m", "hot_lsp", "--tcp", "nonsense"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "HOST:PORT" in result.stderr


def test_tcp_reads_with_the_same_framing_as_stdio():
    """A mis-framed message over the socket costs one message, as on stdin (server/framing.py), not the session."""
    with tcp_server() as (sock, process):
        sock.sendall(_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}))
        assert _read_frame(sock)["id"] == 1
        sock.sendall(_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        # Junk where a header should be, then a lower-case header name (HTTP's names are case-insensitive).
        body = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}).encode()
        sock.sendall(b"this is not a header\r\n" + b"content-length: %d\r\n\r\n" % len(body) + body)
        while (answer := _read_frame(sock)).get("id") != 2:
            pass
        assert "error" not in answer
        sock.sendall(_frame({"jsonrpc": "2.0", "method": "exit"}))
        assert process.wait(timeout=20) == 0
