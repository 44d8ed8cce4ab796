"""A free TCP port on loopback, for the servers and clusters tests start."""

from __future__ import annotations

import socket

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])
