"""Execute released notebooks in a real Jupyter kernel (`jaxgrade release --verify-run`).

Two variants per chapter, each in a fresh copy of the release folder (the notebook's cwd):
- "student": the notebook as released. Must run top to bottom without an error, and every
  `grader.check` must report the exercise as not yet answered (尚未作答), not pass and not crash;
- "solved": the reference answers from the master pasted into the answer cells. Must run without
  an error and pass every self-check.
"""

from __future__ import annotations

import copy
import json
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

from autograder.release.masters import MasterNotebook

NOT_ANSWERED = "尚未作答"
PASSED = "All test cases passed!"


@dataclass(frozen=True)
class CellError:
    index: int
    role: str
    exercise: str
    ename: str
    evalue: str


@dataclass(frozen=True)
class NotebookRun:
    notebook: str
    variant: str  # "student" | "solved"
    errors: tuple[CellError, ...]
    checks: dict[str, str]  # exercise -> what grader.check printed (text/plain)
    duration_s: float


def _outputs_text(cell: Any) -> str:
    parts: list[str] = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append("".join(out.get("text", "")))
        elif out.get("output_type") in ("execute_result", "display_data"):
            plain = out.get("data", {}).get("text/plain", "")
            parts.append("".join(plain) if isinstance(plain, list) else plain)
    return "\n".join(parts)


def solved_variant(released: Any, master: MasterNotebook) -> Any:
    """Copy of a released notebook with the master's answer cells pasted into its answer cells."""
    nb = copy.deepcopy(released)
    seen: dict[str, int] = {}
    for cell in nb.cells:
        jg = cell.metadata.get("jaxgrade") or {}
        if cell.cell_type != "code" or jg.get("role") != "answer":
            continue
        ex = jg.get("exercise")
        k = seen.get(ex, 0)
        sources = master.answer_sources.get(ex, [])
        if k >= len(sources):
            raise ValueError(
                f"{master.path.name}: released notebook has more answer cells for {ex} than the master"
            )
        cell.source = sources[k]
        seen[ex] = k + 1
    return nb


def execute_notebook(
    nb: Any, release_root: Path, name: str, variant: str, *, timeout_s: float = 600.0
) -> NotebookRun:
    """Run `nb` as `name` inside a scratch copy of `release_root`; collect errors and check outputs."""
    from nbclient import NotebookClient  # dev dependency: only --verify-run and the tests need it

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=f"jaxgrade-run-{variant}-") as tmp:
        work = Path(tmp) / "release"
        shutil.copytree(release_root, work)
        (work / name).write_text(nbformat.writes(nb), encoding="utf-8")
        run = copy.deepcopy(nb)
        # a verification never uploads to a grader service: the closing submit cell is left out
        run.cells = [c for c in run.cells if (c.metadata.get("jaxgrade") or {}).get("role") != "submit"]
        client = NotebookClient(
            run,
            timeout=timeout_s,
            kernel_name="python3",
            allow_errors=True,
            resources={"metadata": {"path": str(work)}},
        )
        client.execute()
    errors: list[CellError] = []
    checks: dict[str, str] = {}
    for i, cell in enumerate(run.cells):
        if cell.cell_type != "code":
            continue
        jg = cell.metadata.get("jaxgrade") or {}
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                errors.append(
                    CellError(
                        i,
                        jg.get("role", ""),
                        jg.get("exercise", ""),
                        out.get("ename", ""),
                        str(out.get("evalue", ""))[:500],
                    )
                )
        if jg.get("role") == "selfcheck" and jg.get("exercise"):
            checks[jg["exercise"]] = _outputs_text(cell)
    return NotebookRun(name, variant, tuple(errors), checks, time.monotonic() - started)


def verify_run(root: Path, masters: dict[str, MasterNotebook], *, log=print) -> list[str]:
    """Execute both variants of every released notebook; return the problems found."""
    problems: list[str] = []
    manifest = json.loads((root / "manifest.json").read_bytes())
    for chapter, name in sorted(manifest["notebooks"].items()):
        released = nbformat.read(root / name, as_version=4)
        master = masters[chapter]
        exercises = [q.id for q in master.questions]
        for variant, nb in (("student", released), ("solved", solved_variant(released, master))):
            res = execute_notebook(nb, root, name, variant)
            log(f"verify-run: {name} [{variant}] {res.duration_s:.1f} s, {len(res.errors)} error(s)")
            for e in res.errors:
                problems.append(
                    f"{name} [{variant}] cell {e.index} ({e.role} {e.exercise}) raised {e.ename}: {e.evalue}"
                )
            for ex in exercises:
                text = res.checks.get(ex)
                if text is None:
                    problems.append(f"{name} [{variant}] self-check of {ex} printed nothing")
                elif variant == "student" and (PASSED in text or NOT_ANSWERED not in text):
                    problems.append(
                        f"{name} [student] self-check of {ex} does not say {NOT_ANSWERED}: "
                        f"{text.strip()[:300]!r}"
                    )
                elif variant == "solved" and PASSED not in text:
                    problems.append(
                        f"{name} [solved] self-check of {ex} fails with the reference answer: "
                        f"{text.strip()[:300]!r}"
                    )
    return problems
