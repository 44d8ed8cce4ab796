"""Call nbgrader in its own virtual environment (trusted parent side).

nbgrader is installed in `.venv-nbgrader/` (scripts/bootstrap.sh), never in the grading environment:
it pulls in rfc3987-syntax, which makes every `import nbformat` there ~8x slower. Every nbgrader
operation is a subprocess of that environment's python running `nbgrader_side.py` with one JSON
request on stdin (see that file for the requests) and one JSON answer on stdout.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("nbgrader_side.py")
ENV_VAR = "JAXGRADE_NBGRADER_PYTHON"


class NbgraderError(RuntimeError):
    """nbgrader is missing or one of its operations failed (English, for the TA)."""


def nbgrader_python() -> Path:
    """The nbgrader environment's python: $JAXGRADE_NBGRADER_PYTHON, else <repo>/.venv-nbgrader/bin/python."""
    chosen = os.environ.get(ENV_VAR)
    path = Path(chosen) if chosen else REPO_ROOT / ".venv-nbgrader" / "bin" / "python"
    if not os.access(path, os.X_OK):
        raise NbgraderError(
            f"no nbgrader environment at {path}: run ./scripts/bootstrap.sh (it creates .venv-nbgrader/) "
            f"or set {ENV_VAR} to a python that has nbgrader 0.9.6"
        )
    return path


def call(op: str, course_dir: Path, request: dict[str, Any], *, timeout_s: float = 600.0) -> dict[str, Any]:
    """Run one request in the course folder; returns the answer or raises NbgraderError."""
    payload = json.dumps({"op": op, **request}, ensure_ascii=False)
    try:
        proc = subprocess.run(
            [str(nbgrader_python()), "-I", str(SCRIPT)],
            input=payload,
            capture_output=True,
            text=True,
            cwd=course_dir,
            timeout=timeout_s,
        )
    except subprocess.TimeoutExpired as exc:
        raise NbgraderError(f"nbgrader {op} took more than {timeout_s:.0f} s") from exc
    lines = proc.stdout.strip().splitlines()
    try:
        answer = json.loads(lines[-1]) if lines else {}
    except ValueError:
        answer = {}
    if proc.returncode != 0 or not answer.get("ok"):
        tail = "\n".join(proc.stderr.strip().splitlines()[-15:])
        raise NbgraderError(f"nbgrader {op} failed: {answer.get('error', 'no answer')}\n{tail}")
    return answer
