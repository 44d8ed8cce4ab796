"""Read the written quiz answers' scores that TAs entered in nbgrader's formgrader back into the batch.

`jaxgrade manual nbgrader COURSE_DIR --assignment V [--out OUT]`: asks nbgrader's gradebook (through
nbgrader_side.py `manual_scores`, in nbgrader's environment) for the manual scores and comments of the
written quiz cells (`<chapter>_q<n>`), checks them like `jaxgrade manual import` does (known student,
points within 0..the question's points) and merges them into OUT/quiz/manual.json, for the answer
text the batch read; then quiz.csv and the students' quiz.md are rendered again.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from autograder.nbgrader_bridge import venv
from autograder.nbgrader_bridge.source import quiz_grade_id
from autograder.quiz.batch import render
from autograder.quiz.grading_key import load_key
from autograder.quiz.manual_import import ManualImportError
from autograder.quiz.records import ManualScore, load_answers, load_manual, quiz_dir, save_manual


def read_back(course_dir: Path, assignment: str, out: Path, *, show_answers: bool = False) -> int:
    """Merge formgrader's scores; returns how many were merged. ManualImportError lists refusals."""
    doc = json.loads((quiz_dir(out) / "answers.json").read_text(encoding="utf-8"))
    key = load_key(Path(doc["release_root"]))
    if key is None:
        raise OSError(f"the quiz key of {doc['release_root']} is gone")
    written = {quiz_grade_id(q.id): q for q in key.questions if q.kind == "written"}
    answer = venv.call("manual_scores", course_dir, {"assignment": assignment, "cells": sorted(written)})
    answers, manual = load_answers(out), load_manual(out)
    problems: list[str] = []
    merged = 0
    for sid, cells in sorted(answer["scores"].items()):
        if sid not in answers:
            problems.append(f"nbgrader student {sid!r} is not in this batch")
            continue
        for cell, entry in sorted(cells.items()):
            q = written.get(cell)
            points = entry.get("points")
            if q is None or q.id not in answers[sid]:
                problems.append(f"{sid}: unknown written question cell {cell!r}")
            elif (not isinstance(points, int | float) or not math.isfinite(points)
                  or not 0 <= points <= q.points):
                problems.append(f"{sid} {q.id}: points {points!r} are outside 0..{q.points:g}")
            else:
                sha = answers[sid][q.id]["sha256"]
                comment = str(entry.get("comment", ""))
                manual.setdefault(sid, {})[q.id] = ManualScore(float(points), comment, sha)
                merged += 1
    if problems:
        raise ManualImportError(problems)
    save_manual(out, manual)
    render(out, key, show_answers)
    return merged


__all__ = ["read_back"]
