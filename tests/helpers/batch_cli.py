"""`jaxgrade grade` as a subprocess against the committed release, and what its gradebook holds."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from .paths import RELEASE, REPO

JAXGRADE = str(Path(sys.executable).with_name("jaxgrade"))
SCALE = "3"  # time limits x3: the machine is shared and slow


def sandbox_prerequisites() -> str:
    """Why this machine cannot grade in bwrap-sandboxed children with per-job uids ("" when it can)."""
    missing = [tool for tool in ("bwrap", "clang++") if shutil.which(tool) is None]
    if missing:
        return f"needs {', '.join(missing)} for sandboxed grading on the workers"
    if os.geteuid() != 0:
        return "bwrap grading with per-job uids needs root"
    return ""


def grade_argv(subs: Path, out: Path, *args: str) -> list[str]:
    release = ["--release", str(RELEASE), "--timeout-scale", SCALE]
    return [JAXGRADE, "grade", str(subs), "--out", str(out), *release, *args]


def grade(subs: Path, out: Path, *args: str, timeout: float = 1800) -> subprocess.CompletedProcess[str]:
    argv = grade_argv(subs, out, *args)
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=REPO)


def rows(out: Path) -> dict[str, dict[str, str]]:
    """student id -> state, status and error of OUT's gradebook (read-only)."""
    db = sqlite3.connect(f"file:{out / 'gradebook.sqlite'}?mode=ro", uri=True)
    try:
        return {
            r[0]: {"state": r[1], "status": r[2] or "", "error": r[3] or ""}
            for r in db.execute("SELECT student_id, state, status, error FROM submissions")
        }
    finally:
        db.close()


def examples_with_blank(dest: Path) -> Path:
    """examples/submissions copied to `dest`, plus s900_blank: the committed release's notebooks as
    handed out (the blank release must score 0)."""
    import json

    shutil.copytree(REPO / "examples" / "submissions", dest)
    blank = dest / "s900_blank"
    blank.mkdir()
    manifest = json.loads((RELEASE / "manifest.json").read_text(encoding="utf-8"))
    for name in manifest["notebooks"].values():
        shutil.copy2(RELEASE / name, blank / name)
    return dest
