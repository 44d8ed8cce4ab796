"""A fake runner for batch tests: scores come from markers in the students' code, so a batch of it
is fast and deterministic (the real runner is in the slow tests). With it: a tiny release manifest,
student notebooks, a folder of students with every kind of entry, and grades.csv read back.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import time
import zipfile
from pathlib import Path
from typing import Any

from autograder.commands import grade
from autograder.exercises import CHAPTERS, EXERCISE_IDS
from autograder.exercises.base import ExerciseScore
from autograder.exercises.base import TestResult as Check
from autograder.model import GraderFault, Phase, ReleaseInfo, StudentResult, StudentSubmission

VERSION = "2026-fall"


def make_release(root: Path, version: str = VERSION) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    manifest = {
        "version": version,
        "exercises": [{"id": ex, "chapter": ch, "points": 10} for ch, ids in CHAPTERS.items() for ex in ids],
        "notebooks": {"ch02": "ch02_performance.ipynb", "ch05": "ch05_interop.ipynb"},
        "files": {},
    }
    (root / "manifest.json").write_text(json.dumps(manifest))
    return root


def nb_bytes(chapter: str, code: str, version: str = VERSION) -> bytes:
    first = CHAPTERS[chapter][0]
    nb = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"jaxgrade": {"chapter": chapter, "release": version}},
        "cells": [
            {
                "cell_type": "code",
                "metadata": {"jaxgrade": {"role": "answer", "exercise": first}},
                "source": code,
                "outputs": [],
                "execution_count": None,
            }
        ],
    }
    return json.dumps(nb).encode()


ALL_OK = " ".join(f"{ex}:a {ex}:b" for ex in EXERCISE_IDS)


def fake_grade(sub: StudentSubmission, release: ReleaseInfo, settings: Any) -> StudentResult:
    """Scores sub-checks `a` (60 %) and `b` (40 %) of each exercise from markers `<ex>:a` / `<ex>:b`.

    Markers `<ex>:timeout` / `<ex>:tamper` set that exercise's status; `GRADER_FAULT` raises GraderFault,
    `RUNNER_BUG` an unexpected exception. With FAKE_BLOCK_FROM=k in the environment, students whose id
    number is >= k block forever (for the kill -9 test); FAKE_CALLS=path appends each graded id to path.
    """
    block_from = os.environ.get("FAKE_BLOCK_FROM")
    if block_from is not None and int(sub.student_id.lstrip("s") or 0) >= int(block_from):
        while True:
            time.sleep(1)
    if calls := os.environ.get("FAKE_CALLS"):
        with open(calls, "a", encoding="utf-8") as f:
            f.write(sub.student_id + "\n")
    code = "\n".join(
        c["source"] for nb in sub.notebooks.values() for c in nb.notebook["cells"] if c["cell_type"] == "code"
    )
    if "GRADER_FAULT" in code:
        raise GraderFault("sandbox could not start (fake)")
    if "RUNNER_BUG" in code:
        raise KeyError("oops")
    scores = {}
    for ch in sub.notebooks:
        for ex in CHAPTERS[ch]:
            pts = release.points[ex]
            status = "timeout" if f"{ex}:timeout" in code else "tampered" if f"{ex}:tamper" in code else "ok"
            tests = []
            for name, share in (("a", 0.6), ("b", 0.4)):
                ok = f"{ex}:{name}" in code
                earned = pts * share if ok and status == "ok" else 0.0
                tests.append(
                    Check(
                        f"{ex}: {name}", earned, pts * share, f"性质 {name}:{'通过' if ok else '未通过'}", ok
                    )
                )
            summary = "运行超过 120 秒被终止" if status == "timeout" else ""
            scores[ex] = ExerciseScore(ex, sum(t.score for t in tests), pts, tuple(tests), status, summary)
    phases = tuple(Phase(f"{ch}/child#1", 0.0, 1.0 + len(code) % 7, "ok") for ch in sorted(sub.notebooks))
    builds = {"ch05": "compile_error"} if "BUILD_ERROR" in code else {}
    return StudentResult(sub.student_id, sub.content_hash, release.version, scores, "ok", phases,
                         kernel_builds=builds)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="jaxgrade grade")
    grade.add_arguments(p)
    return p


def read_csv(out: Path) -> dict[str, dict[str, str]]:
    rows = list(csv.DictReader(io.StringIO((out / "grades.csv").read_text(encoding="utf-8"))))
    return {r["student_id"]: r for r in rows}


def populate(subs: Path) -> None:
    subs.mkdir(parents=True, exist_ok=True)
    d = subs / "alice"
    d.mkdir()
    (d / "perf.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    (d / "interop.ipynb").write_bytes(nb_bytes("ch05", ALL_OK))
    (d / "silu.cc").write_text("// kernel")
    (subs / "bob.ipynb").write_bytes(nb_bytes("ch02", "histogram:a fusion:a fusion:b"))
    (subs / "carol.ipynb").write_bytes(b"{ not json")
    with zipfile.ZipFile(subs / "dave.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("ch05.ipynb", nb_bytes("ch05", ALL_OK + " silu_ffi:timeout"))
        zf.writestr("ch02.ipynb", nb_bytes("ch02", ALL_OK + " fusion:tamper"))
    with zipfile.ZipFile(subs / "erin.zip", "w") as zf:
        zf.writestr("../../escape.ipynb", nb_bytes("ch02", ALL_OK))
    (subs / "=HYPERLINK(1)").mkdir()
    (subs / "=HYPERLINK(1)" / "nb.ipynb").write_bytes(nb_bytes("ch05", "silu_ffi:a"))
    (subs / "frank").mkdir()
