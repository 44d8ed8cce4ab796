"""Build an nbgrader course's `source/<version>/` from a jaxgrade release and its masters (instructor side).

Each notebook is the otter release's student notebook, cell for cell, with nbgrader schema v3
metadata (`metadata.nbgrader`) and the masters' answers put back as nbgrader solution regions:
- setup cells, statements and otter's init cell: locked (`<chapter>_setup_<n>`, `<exercise>_statement`,
  `<chapter>_init`);
- answer cells: solution cells `<exercise>_answer` (a second answer cell of the same exercise is
  `<exercise>_answer_2`), source = the master's answer with its otter markers turned into nbgrader regions
  and the student's prompt (`...`, `x = ...`) written before each region, so that nbgrader's
  ClearSolutions (with an empty stub) leaves what the otter release shows;
- self-check cells: graded, locked `<exercise>_check` with the manifest's points (the cell the
  gradebook's score of that exercise is written to);
- quiz answer cells (role `quiz_answer`): graded solution Markdown cells `<chapter>_q<n>` with the
  question's points and an empty solution region after the template, so nbgrader releases the same
  template; formgrader grades the written ones by hand, jaxgrade writes the choice scores;
- every other file of the release (course library, self-check tests) is copied, so students who
  fetch from nbgrader can run the same self-checks; `manifest.json` stays with jaxgrade.
The `jaxgrade` metadata of cells and notebooks is kept: jaxgrade grades the submitted copies by it.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

from autograder.release.masters import MasterNotebook

MANIFEST = "manifest.json"
_BEGIN = re.compile(r"^(\s*)#\s*BEGIN\s+SOLUTION(\s+NO\s+PROMPT)?\s*$", re.IGNORECASE)
_END = re.compile(r"^\s*#\s*END\s+SOLUTION\s*$", re.IGNORECASE)
_INLINE = re.compile(r"^(\s*)(.*?)\s*#\s*SOLUTION\s*$", re.IGNORECASE)
_ASSIGN = re.compile(r"^([A-Za-z_][\w.\[\]'\" ]*?=)\s*\S")


class SourceError(ValueError):
    """The release and the masters do not line up (English, for the instructor)."""


def nbgrader_answer_source(master_source: str) -> str:
    """The master's answer cell with nbgrader solution regions and the student's prompt before each."""
    out: list[str] = []
    for line in master_source.splitlines():
        begin = _BEGIN.match(line)
        if begin:
            indent = begin.group(1)
            if not begin.group(2):  # otter shows "..." where a region without NO PROMPT was
                out.append(indent + "...")
            out.append(indent + "### BEGIN SOLUTION")
            continue
        if _END.match(line):
            out.append(re.match(r"\s*", line).group(0) + "### END SOLUTION")
            continue
        inline = _INLINE.match(line)
        if inline and "BEGIN" not in line.upper() and "END" not in line.upper():
            indent, code = inline.group(1), inline.group(2)
            lhs = _ASSIGN.match(code)
            out.append(indent + (f"{lhs.group(1)} ..." if lhs else "..."))
            out += [indent + "### BEGIN SOLUTION", indent + code, indent + "### END SOLUTION"]
            continue
        out.append(line)
    return "\n".join(out) + ("\n" if master_source.endswith("\n") else "")


def _meta(grade_id: str, *, grade: bool = False, solution: bool = False, locked: bool = False,
          points: float | None = None) -> dict[str, Any]:  # fmt: skip
    meta: dict[str, Any] = {"schema_version": 3, "grade": grade, "solution": solution, "locked": locked,
                            "task": False, "grade_id": grade_id}  # fmt: skip
    if grade:
        meta["points"] = points
    return meta


def quiz_grade_id(question: str) -> str:
    """The nbgrader grade id of a quiz question's answer cell ("ch02.q3" -> "ch02_q3")."""
    return question.replace(".", "_")


def _quiz_answer_source(source: Any) -> str:
    text = "".join(source) if isinstance(source, list) else str(source)
    return text.rstrip("\n") + "\n### BEGIN SOLUTION\n### END SOLUTION\n"


def source_notebook(
    released: dict[str, Any], master: MasterNotebook, points: dict[str, float]
) -> dict[str, Any]:
    nb = json.loads(json.dumps(released))
    # nbgrader students submit through nbgrader's exchange, not to the jaxgrade service.
    nb["cells"] = [
        c for c in nb["cells"] if (c.get("metadata", {}).get("jaxgrade") or {}).get("role") != "submit"
    ]
    chapter = master.chapter
    answers_seen: dict[str, int] = {}
    statements_seen: dict[str, int] = {}
    setup_n = 0
    quiz_points = {q.id: q.points for q in master.quiz}
    for cell in nb["cells"]:
        jg = cell.get("metadata", {}).get("jaxgrade") or {}
        role, ex = jg.get("role"), jg.get("exercise")
        md = cell.setdefault("metadata", {})
        if role == "quiz_answer" and jg.get("question") in quiz_points:
            cell["source"] = _quiz_answer_source(cell["source"])
            md["nbgrader"] = _meta(quiz_grade_id(jg["question"]), grade=True, solution=True,
                                   points=quiz_points[jg["question"]])
        elif role == "answer" and cell["cell_type"] == "code":
            k = answers_seen.get(ex, 0)
            answers_seen[ex] = k + 1
            sources = master.answer_sources.get(ex, [])
            if k >= len(sources):
                raise SourceError(f"{chapter}: answer cell {k + 1} of {ex} has no master answer cell")
            cell["source"] = nbgrader_answer_source(sources[k])
            md["nbgrader"] = _meta(f"{ex}_answer" if k == 0 else f"{ex}_answer_{k + 1}", solution=True)
        elif role == "selfcheck" and ex:
            md["nbgrader"] = _meta(f"{ex}_check", grade=True, locked=True, points=points[ex])
        elif role == "selfcheck":
            md["nbgrader"] = _meta(f"{chapter}_init", locked=True)
        elif role == "setup":
            setup_n += 1
            md["nbgrader"] = _meta(f"{chapter}_setup_{setup_n}", locked=True)
        elif role == "statement" and ex:
            n = statements_seen.get(ex, 0) + 1
            statements_seen[ex] = n
            md["nbgrader"] = _meta(f"{ex}_statement" if n == 1 else f"{ex}_statement_{n}", locked=True)
    for ex, sources in master.answer_sources.items():
        if answers_seen.get(ex, 0) != len(sources):
            raise SourceError(f"{chapter}: {ex} has {len(sources)} master answer cell(s), "
                              f"the release {answers_seen.get(ex, 0)}")  # fmt: skip
    return nb


def write_source(release_root: Path, masters: dict[str, MasterNotebook], course_dir: Path) -> Path:
    """COURSE_DIR/source/<version>/ from the release folder (replaced if it exists); returns that folder."""
    manifest = json.loads((release_root / MANIFEST).read_text(encoding="utf-8"))
    version = str(manifest["version"])
    points = {e["id"]: float(e["points"]) for e in manifest["exercises"]}
    dest = course_dir / "source" / version
    if dest.exists():
        shutil.rmtree(dest)
    notebooks = set(manifest["notebooks"].values())
    shutil.copytree(release_root, dest, ignore=lambda d, names: [
        n for n in names if Path(d) == release_root and (n in notebooks or n == MANIFEST)])  # fmt: skip
    for chapter, name in sorted(manifest["notebooks"].items()):
        released = json.loads((release_root / name).read_text(encoding="utf-8"))
        nb = source_notebook(released, masters[chapter], points)
        (dest / name).write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return dest
