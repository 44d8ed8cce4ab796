"""A ninth exercise added from test fixtures alone is graded through the real sandbox, end to end.

tests/fixtures/ninth_exercise/ is a package outside the project: its registry entry, trusted module
(checks and Chinese texts), the child's probe and its cells (a master's answer, a statement and an
answer template). `JAXGRADE_EXERCISE_MODULES=ninth_exercise.entry` registers it in every process of
the run; no project file names it. A release is the committed one with the exercise's cells added
to chapter 2. Then:
  * `jaxgrade grade --isolation bwrap` runs each student's notebook in the sandboxed child, which
    imports the fixture's probe from its read-only library (copied there by the parent);
  * the parent judges with the fixture's verdict: grades.csv and feedback.md report it;
  * the similarity units hold each student's answer and the master's;
  * the in-process service takes the batch's result as its worker does, and its grades.csv export,
    TA dashboard and item analysis show the exercise.
"""

from __future__ import annotations

import csv
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from autograder import registry

from helpers.paths import RELEASE

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"
# The fixture's cells module imports nothing of its package: load it from its file, so this process's
# import path stays as it is (the grading processes find the package through PYTHONPATH, see _env).
_spec = importlib.util.spec_from_file_location("ninth_cells", FIXTURES / "ninth_exercise" / "cells.py")
assert _spec is not None and _spec.loader is not None
cells = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cells)

WRONG = "def count_words(text):\n    return len(text.split(' '))\n"  # counts empty words between spaces


def _env() -> dict[str, str]:
    path = os.pathsep.join([str(FIXTURES), str(REPO / "tests"), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, registry.EXERCISE_MODULES_ENV: "ninth_exercise.entry", "PYTHONPATH": path}


def _ch02(manifest: dict[str, Any]) -> str:
    return str(manifest["notebooks"]["ch02"])


def make_release(dest: Path) -> Path:
    """The committed release plus the fixture exercise's cells at the end of chapter 2."""
    shutil.copytree(RELEASE, dest)
    manifest = json.loads((dest / "manifest.json").read_text(encoding="utf-8"))
    nb_path = dest / _ch02(manifest)
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    nb["cells"].extend(cells.released_cells())
    nb_path.write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")
    manifest["exercises"].append({"id": "word_count", "chapter": "ch02", "points": 5})
    manifest["files"][nb_path.name] = hashlib.sha256(nb_path.read_bytes()).hexdigest()
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return dest


def answered(release: Path, source: str) -> bytes:
    """The release's chapter-2 notebook with the fixture's answer template replaced by `source`."""
    manifest = json.loads((release / "manifest.json").read_text(encoding="utf-8"))
    nb = json.loads((release / _ch02(manifest)).read_text(encoding="utf-8"))
    nb["cells"] = [
        cells.answered_cell(source) if c.get("source") == cells.TEMPLATE else c for c in nb["cells"]
    ]
    return json.dumps(nb, ensure_ascii=False).encode("utf-8")


@pytest.mark.slow
def test_a_ninth_exercise_from_fixtures_is_graded_in_the_sandbox_into_every_view(tmp_path: Path) -> None:
    if shutil.which("bwrap") is None:
        pytest.skip("bwrap is not installed (apt-get install bubblewrap)")
    assert "word_count" not in registry.exercise_ids()  # nothing in the project names it
    release = make_release(tmp_path / "rel")
    subs, solutions, out = tmp_path / "subs", tmp_path / "solutions", tmp_path / "out"
    subs.mkdir()
    solutions.mkdir()
    (subs / "ann.ipynb").write_bytes(answered(release, cells.master_answer()))
    (subs / "bob.ipynb").write_bytes(answered(release, WRONG))
    manifest = json.loads((release / "manifest.json").read_text(encoding="utf-8"))
    (solutions / _ch02(manifest)).write_bytes(answered(release, cells.master_answer()))

    jaxgrade = Path(sys.executable).with_name("jaxgrade")
    argv = [
        str(jaxgrade),
        "grade",
        str(subs),
        "--out",
        str(out),
        "--release",
        str(release),
        "--isolation",
        "bwrap",
        "--exercises",
        "word_count",
        "--jobs",
        "1",
    ]
    proc = subprocess.run(argv, env=_env(), capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-4000:]

    with (out / "grades.csv").open(encoding="utf-8") as f:
        rows = {r["student_id"]: r for r in csv.DictReader(f)}
    assert rows["ann"]["status"] == "partial:not_submitted:ch05"  # chapter 2 only: graded, ch05 missing
    assert float(rows["ann"]["word_count"]) == 5.0
    assert float(rows["bob"]["word_count"]) == 0.0  # split(' ') miscounts: both checks fail
    ann = (out / "ann" / "feedback.md").read_text(encoding="utf-8")
    bob = (out / "bob" / "feedback.md").read_text(encoding="utf-8")
    assert "数词" in ann and "每段文字的词数正确" in ann
    assert "有的文字词数不对" in bob and "空字符串应当有 0 个词" in bob
    assert "word_count" in (out / "report.md").read_text(encoding="utf-8")

    views = subprocess.run(
        [
            sys.executable,
            str(REPO / "tests" / "helpers" / "ninth_exercise_views.py"),
            str(release),
            str(subs),
            str(solutions),
            str(out),
            str(tmp_path / "data"),
            "ann",
            "bob",
        ],
        env=_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert views.returncode == 0, views.stderr[-4000:]
    doc = json.loads(views.stdout.strip().splitlines()[-1])
    assert doc["units"] == {"ann": cells.master_answer().strip("\n"), "bob": WRONG.strip("\n")}
    assert doc["reference"] == cells.master_answer().strip("\n")
    assert {sid: float(v) for sid, v in doc["grades_csv"].items()} == {"ann": 5.0, "bob": 0.0}
    assert doc["pass_rate"] == 0.5
    assert doc["subcheck_rates"] and all(v == 0.5 for v in doc["subcheck_rates"].values())
    assert doc["items"] and all(passed == 1 for passed in doc["items"].values())
