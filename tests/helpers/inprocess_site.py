"""A service's real web application on loopback, served by uvicorn in a thread of the test process,
for tests that drive an in-process `Service` (its own clock, its own database) through HTTP."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

START_S = 60  # a bound on a server that never starts, not a timing assertion


@contextmanager
def serving_app(service: Any) -> Iterator[str]:
    """The base URL of `create_app(service.cfg, service=service)` listening on 127.0.0.1; the server
    is stopped when the block ends, however it ends."""
    import uvicorn

    from autograder.service.app.app import create_app

    app = create_app(service.cfg, service=service)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + START_S
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.started, "uvicorn did not start"
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
