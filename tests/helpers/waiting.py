"""Waiting for a condition a test cannot be told about (a background sender, a queue): poll, with a
bound that only catches a hung service; never a timing assertion."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_for(what: str, check: Callable[[], object], timeout: float = 120.0, poll: float = 0.1) -> object:
    """The first truthy value of `check()`; AssertionError naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(poll)
    raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
