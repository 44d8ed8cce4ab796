"""Adding an exercise touches one place: the registry (autograder/registry.py) drives the exercise
and chapter lists, intake's interface names, the per-chapter statuses, `--exercises`, the gradebook's
columns and the reports.

A ninth exercise from tests/fixtures/ninth_exercise/ is registered in a fresh interpreter by the
environment (`JAXGRADE_EXERCISE_MODULES`, read when the registry is imported) and goes through
`jaxgrade grade`: intake finds its chapter by its interface name alone, the batch judges it with its
own verdict, grades.csv and feedback.md report it. Grading runs through the batch's `grade_fn` seam
(as tests/test_grade_cli.py does): the "child" reports what a probe would observe, so no student code
runs in this process. tests/test_ninth_exercise.py takes the same exercise through the real sandbox.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

from autograder import registry
from autograder.exercises import CHAPTERS, EXERCISE_IDS, load
from autograder.grade.cells import Sign, sign
from autograder.grade.intake import CHAPTER_INTERFACES
from autograder.messages import STATUS_ZH

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"

SCRIPT = r"""
import argparse, json, sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])
from autograder import registry  # registers the fixture exercise named by JAXGRADE_EXERCISE_MODULES

from autograder.commands import grade
from autograder.exercises import EXERCISE_IDS, load
from autograder.exercises.base import score_outcomes
from autograder.grade.intake import CHAPTER_INTERFACES
from autograder.model import StudentResult
from autograder.observations import Observations

out, subs, release = Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4])
release.mkdir()
manifest = {"version": "t-9", "notebooks": {"ch02": "ch02.ipynb", "ch05": "ch05.ipynb"},
            "exercises": [{"id": e, "chapter": registry.entry(e).chapter, "points": 4} for e in EXERCISE_IDS]}
(release / "manifest.json").write_text(json.dumps(manifest))


def fake_grade(sub, release, settings):
    # what the ninth exercise's probe would observe of this answer (its source is only read as text)
    cells = sub.notebooks["ch02"].notebook["cells"]
    source = "\n".join(c["source"] for c in cells if c["cell_type"] == "code")
    mod = load("word_count")
    inp = mod.inputs(0, structure_seed=0)
    right = "split()" in source
    counts = [len(t.split()) if right else 0 for t in inp.params["texts"]]
    observed = Observations("word_count", {"counts": counts, "empty": [0 if right else 1]})
    score = score_outcomes(mod.EXERCISE, mod.verdict(inp, observed))
    return StudentResult(sub.student_id, sub.content_hash, release.version, {"word_count": score}, "ok")


p = argparse.ArgumentParser()
grade.add_arguments(p)
args = p.parse_args([str(subs), "--out", str(out), "--release", str(release), "--exercises", "word_count",
                     "--jobs", "1", "--isolation", "none", "--unsafe-no-sandbox"])
code = grade.run(args, grade_fn=fake_grade, settings=None)
print(json.dumps({"code": code, "ids": list(EXERCISE_IDS), "interfaces": CHAPTER_INTERFACES["ch02"]}))
"""


def _notebook(source: str) -> str:
    cell = {"cell_type": "code", "metadata": {}, "source": source, "outputs": [], "execution_count": None}
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [cell]})


def test_the_registry_drives_every_exercise_and_chapter_table() -> None:
    entries = registry.entries()
    assert EXERCISE_IDS == tuple(e.id for e in entries)
    assert CHAPTERS == registry.chapters()
    assert CHAPTER_INTERFACES == registry.chapter_interfaces()
    assert {k for k in STATUS_ZH if k.startswith("partial:not_submitted:")} == {
        f"partial:not_submitted:{ch}" for ch in CHAPTERS
    }


def test_each_exercise_sign_and_variants_come_from_its_registry_entry() -> None:
    assert sign("reduce_sum_rules") == Sign(registers_on=("custom_reduce_sum_p",))
    assert sign("silu_ffi").defines == ("silu_ffi",) and ".cc" in sign("silu_ffi").writes_suffixes
    assert sign("histogram") == Sign(defines=("primitive_histogram",))
    # the registry's flag and the trusted module's per-student inputs describe the same exercises
    assert registry.variant_exercises() == tuple(e for e in EXERCISE_IDS if load(e).EXERCISE.per_student)


def test_a_module_named_by_the_environment_must_define_an_entry(tmp_path: Path) -> None:
    (tmp_path / "not_an_exercise.py").write_text("ENTRY = 'word_count'\n")
    env = {**os.environ, registry.EXERCISE_MODULES_ENV: "not_an_exercise", "PYTHONPATH": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-c", "import autograder.registry"], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode != 0 and "defines no ExerciseEntry named ENTRY" in proc.stderr


def test_a_ninth_exercise_registered_from_the_fixtures_is_intaken_judged_and_reported(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    subs.mkdir()
    # no jaxgrade metadata: intake must find the chapter by the interface name the registry lists
    (subs / "ann.ipynb").write_text(_notebook("def count_words(text):\n    return len(text.split())\n"))
    (subs / "bob.ipynb").write_text(_notebook("def count_words(text):\n    return 0\n"))
    out = tmp_path / "out"
    argv = [sys.executable, "-c", SCRIPT, str(FIXTURES), str(out), str(subs), str(tmp_path / "rel")]
    env = {**os.environ, registry.EXERCISE_MODULES_ENV: "ninth_exercise.entry"}
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300, cwd=REPO, check=False, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    doc = json.loads(proc.stdout.strip().splitlines()[-1])
    assert doc["code"] == 0, proc.stderr[-3000:]
    assert doc["ids"][-1] == "word_count" and len(doc["ids"]) == len(EXERCISE_IDS) + 1
    assert "count_words" in doc["interfaces"]
    with (out / "grades.csv").open(encoding="utf-8") as f:
        rows = {r["student_id"]: r for r in csv.DictReader(f)}
    assert "word_count" in rows["ann"]
    assert float(rows["ann"]["word_count"]) == 5.0 and float(rows["bob"]["word_count"]) == 0.0
    feedback = (out / "ann" / "feedback.md").read_text(encoding="utf-8")
    assert "数词" in feedback and "每段文字的词数正确" in feedback
    assert "word_count" not in EXERCISE_IDS  # registered in the child interpreter only
