"""Isolation mode "none", for `--unsafe-no-sandbox` only: rlimits and a process group, nothing else
(trusted parent side)."""

from __future__ import annotations

from autograder.sandbox.hostview import HostViewSandbox


class UnsafeNoSandbox(HostViewSandbox):
    """UNSAFE, for --unsafe-no-sandbox only: the program runs as the grader's user with the grader's
    view of every file and the network. Only rlimits, a scrubbed environment and the wall clock
    apply; a process that leaves its session survives. Never use it for untrusted code."""

    mode = "none"
    drop = False
