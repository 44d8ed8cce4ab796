"""`make_sandbox`: the sandbox of any isolation mode by name (trusted parent side)."""

from __future__ import annotations

from autograder.sandbox.bwrap import BwrapSandbox
from autograder.sandbox.mode import Sandbox
from autograder.sandbox.none import UnsafeNoSandbox
from autograder.sandbox.rlimit import RlimitSandbox


def make_sandbox(mode: str = "bwrap", *, unsafe: bool = False, engine: str | None = None,
                 image: str | None = None, **options: object) -> Sandbox:  # fmt: skip
    """The sandbox of one isolation mode (ValueError for an unknown mode or "none" without `unsafe`).

    "bwrap"     options: bwrap (binary, default "bwrap"), uid, gid (default 65534), python (launcher
                interpreter, default the real path of sys.executable).
    "rlimit"    options: uid, gid (default 65534; must be dedicated to one job at a time), python.
    "container" engine ("podman" | "docker", None: podman when installed), image (None: JAXGRADE_IMAGE
                or the default), uid, gid; asks the image for its paths right away, so a missing engine
                or image is a SandboxFault here (container.py).
    "none"      requires unsafe=True: no isolation at all, for --unsafe-no-sandbox (uid and gid are
                ignored: the program runs as the grader).
    """
    if mode == "bwrap":
        return BwrapSandbox(**options)  # type: ignore[arg-type]
    if mode == "rlimit":
        return RlimitSandbox(**options)  # type: ignore[arg-type]
    if mode == "container":  # imported here: only this mode needs the container engine's code
        from autograder.sandbox.container import make_container_sandbox

        return make_container_sandbox(engine=engine, image=image, **options)
    if mode == "none":
        if unsafe is not True:
            raise ValueError('sandbox mode "none" isolates nothing: pass unsafe=True (--unsafe-no-sandbox)')
        rest = {k: v for k, v in options.items() if k not in ("uid", "gid")}
        return UnsafeNoSandbox(**rest)  # type: ignore[arg-type]
    raise ValueError(f"unknown sandbox mode {mode!r} (bwrap, rlimit, container, none)")
