"""What both sandboxed children (child_main, kernel_main) do with their job folder: resolve the paths
the parent's job file names, and append progress lines (runs in the child, next to student code).

Everything here is bound at import, before any student code runs; child_main's tripwire watches this
module like its own.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from . import observe

# This package's import name, which the probes are imported under (PACKAGE.probes.<id>): in the child
# the child library's neutral name (grade/child_library.py CHILD_PACKAGE), in the parent's tests
# autograder.sandboxed. Never spelled out here: the child's code must work under either.
PACKAGE = __package__ or __name__.rpartition(".")[0]
_T0 = time.monotonic()
# bound at import, before any student code (the progress writer must not depend on json.dumps)
_monotonic, _os_write, _round, _dumps = time.monotonic, os.write, round, observe.dumps


class Progress:
    """Appends progress lines with O_APPEND writes (one write per line)."""

    def __init__(self, path: Path, token: str = ""):
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        self.token = token

    def emit(self, exercise: str | None, phase: str, **extra: Any) -> None:
        line = {"exercise": exercise, "phase": phase, "t": _round(_monotonic() - _T0, 4), **extra}
        if self.token:
            line["token"] = self.token
        _os_write(self.fd, (_dumps(line) + "\n").encode())


def job_path(jobdir: Path, name: Any) -> Path:
    """<jobdir>/<name> for a relative path of the job file that stays inside the job folder."""
    if not isinstance(name, str) or not name or name.startswith("/") or ".." in name.split("/"):
        raise ValueError(f"bad job path {name!r}")
    return jobdir / name
