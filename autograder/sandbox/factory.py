"""`make_sandbox`: the sandbox of one host isolation mode by name (trusted parent side). Mode
"container" has its own factory (container.py: it needs the container engine and the image)."""

from __future__ import annotations

from autograder.sandbox.bwrap import BwrapSandbox
from autograder.sandbox.mode import Sandbox
from autograder.sandbox.none import UnsafeNoSandbox
from autograder.sandbox.rlimit import RlimitSandbox


def make_sandbox(mode: str = "bwrap", **options: object) -> Sandbox:
    """The sandbox of one isolation mode.

    "bwrap"  options: bwrap (binary, default "bwrap"), uid, gid (default 65534), python (launcher
             interpreter, default the real path of sys.executable).
    "rlimit" options: uid, gid (default 65534; must be dedicated to one job at a time), python.
    "none"   requires unsafe=True: no isolation at all, for --unsafe-no-sandbox.
    """
    if mode == "bwrap":
        return BwrapSandbox(**options)  # type: ignore[arg-type]
    if mode == "rlimit":
        return RlimitSandbox(**options)  # type: ignore[arg-type]
    if mode == "none":
        if options.pop("unsafe", False) is not True:
            raise ValueError('sandbox mode "none" isolates nothing: pass unsafe=True (--unsafe-no-sandbox)')
        return UnsafeNoSandbox(**options)  # type: ignore[arg-type]
    raise ValueError(f"unknown sandbox mode {mode!r} (bwrap, rlimit, none)")
