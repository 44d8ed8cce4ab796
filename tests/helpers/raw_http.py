"""HTTP/1.1 requests written by hand on a socket, for bodies urllib will not send: chunked without a
Content-Length, a Content-Length that lies, a body the client abandons half way.

Bounded: every socket has a timeout, a reply is read up to `MAX_REPLY` bytes.
"""

from __future__ import annotations

import socket
from collections.abc import Iterable

from .served import Served

MAX_REPLY = 1 << 20
TIMEOUT_S = 60  # a bound on a hung server, not a timing assertion


def connect(served: Served) -> socket.socket:
    host, port = served.url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=TIMEOUT_S)


def request_head(path: str, token: str, headers: dict[str, str]) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", f"Authorization: Bearer {token}"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def read_reply(s: socket.socket) -> bytes:
    """What the server answered before it closed (b"" if it reset the connection first)."""
    got = bytearray()
    try:
        while len(got) < MAX_REPLY and (chunk := s.recv(65536)):
            got += chunk
            if b"\r\n\r\n" in got and b"connection: close" not in got.lower():
                break  # a keep-alive reply's head: the status line is all a test reads
    except (ConnectionResetError, TimeoutError):
        pass
    return bytes(got)


def send_all(s: socket.socket, pieces: Iterable[bytes]) -> None:
    """Send the pieces until the server stops reading (a refusal answered mid-body)."""
    try:
        for piece in pieces:
            s.sendall(piece)
    except (BrokenPipeError, ConnectionResetError):
        pass


def chunked(pieces: Iterable[bytes]) -> Iterable[bytes]:
    """`Transfer-Encoding: chunked` framing of the pieces, with the closing empty chunk."""
    for piece in pieces:
        yield b"%x\r\n%s\r\n" % (len(piece), piece)
    yield b"0\r\n\r\n"


def post_raw(
    served: Served, path: str, token: str, headers: dict[str, str], pieces: Iterable[bytes]
) -> bytes:
    """One request with this head and body (sent piece by piece), and the server's reply."""
    with connect(served) as s:
        s.sendall(request_head(path, token, headers | {"Connection": "close"}))
        send_all(s, pieces)  # no half-close: uvicorn takes one as the client gone, unanswered
        return read_reply(s)


def status_of(reply: bytes) -> int | None:
    """The status code of a raw reply (None: no reply)."""
    parts = reply.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and reply.startswith(b"HTTP/1.1 ") else None
