"""A TCP listener on loopback that records every connection (what the request said) and answers each
with one fixed HTTP response: the proof that a refused outbound request reached nothing."""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass, field


@dataclass
class Listener:
    """A TCP listener that counts connections and answers each with one fixed HTTP response."""

    host: str
    answer: bytes
    port: int = 0
    family: int = socket.AF_INET
    connections: list[bytes] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.sock = socket.socket(self.family, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((self.host, self.port))
        self.port = self.sock.getsockname()[1]
        self.sock.listen(16)
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(2.0)
                try:
                    got = conn.recv(65536)
                except OSError:
                    got = b""
                self.connections.append(got)
                try:
                    conn.sendall(self.answer)
                except OSError:
                    pass

    def close(self) -> None:
        self.sock.close()


def http_answer(status: str, body: bytes) -> bytes:
    head = f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    return head.encode() + b"Connection: close\r\n\r\n" + body
