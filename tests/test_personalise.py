"""Per-student variants: the pool selection, personalised notebooks, `jaxgrade release --per-student`."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from autograder.cli import main
from autograder.exercises import recompile
from autograder.release.personalise import PersonaliseError, personalise_notebook
from jaxcourse.variants import load_pool, normalise_student_id, recompile_sequence, variant_index

REPO = Path(__file__).resolve().parent.parent
RELEASE = REPO / "assignments" / "2026-fall"


def released(chapter: str) -> dict:
    name = "ch02_performance.ipynb" if chapter == "ch02" else "ch05_interop.ipynb"
    return json.loads((RELEASE / name).read_text(encoding="utf-8"))


def cell_text(nb: dict, role: str, exercise: str) -> str:
    wanted = {"role": role, "exercise": exercise}
    cells = [c for c in nb["cells"] if c.get("metadata", {}).get("jaxgrade") == wanted]
    assert len(cells) == 1
    src = cells[0]["source"]
    return "".join(src) if isinstance(src, list) else src


def test_the_release_carries_a_pool_of_sequences_without_their_counts() -> None:
    pool = load_pool(RELEASE / "jaxcourse" / "recompile_pool.json")
    assert len(pool.sequences) >= 4 and pool.function == "g"
    assert all(f"def {pool.function}(" in seq for seq in pool.sequences)
    doc = json.loads((RELEASE / "jaxcourse" / "recompile_pool.json").read_text(encoding="utf-8"))
    assert set(doc) == {"format", "function", "salt", "sequences"}  # no answers in the student's copy
    ids = [f"s{n:04d}" for n in range(400)]
    used = {variant_index(i, pool) for i in ids}
    assert used == set(range(len(pool.sequences)))  # every variant is handed out
    assert variant_index(" S0001 ", pool) == variant_index("s0001", pool)  # as the student types it
    assert normalise_student_id("ＳＯＯ１") == "soo1"


def test_personalised_notebook_shows_the_sequence_the_grader_judges() -> None:
    nb = released("ch02")
    before = json.dumps(nb, sort_keys=True)
    pool = load_pool(RELEASE / "jaxcourse" / "recompile_pool.json")
    ids = [f"s{n:04d}" for n in range(50)]
    by_variant = {variant_index(i, pool): i for i in ids}
    assert len(by_variant) >= 2
    for index, sid in by_variant.items():
        personal = personalise_notebook(nb, sid, RELEASE)
        statement = cell_text(personal, "statement", "recompile")
        block = re.search(r"```python\n(.*?)```", statement, re.S).group(1)
        graded = recompile.inputs(1, student_id=sid, release_root=RELEASE).params
        assert block.strip() == graded["sequence"].strip() == recompile_sequence(sid, pool).strip()
        assert graded["variant"] == index and f"学号 {sid}" in statement and "示例序列" not in statement
        assert f'show_recompile_sequence("{sid}")' in cell_text(personal, "answer", "recompile")
        assert personal["metadata"]["jaxgrade"]["personalised_for"] == sid
        others = [c for c in personal["cells"] if c.get("metadata", {}).get("jaxgrade", {}).get("exercise")
                  != "recompile"]
        assert others == [c for c in nb["cells"] if c.get("metadata", {}).get("jaxgrade", {}).get("exercise")
                          != "recompile"]
    assert json.dumps(nb, sort_keys=True) == before  # the shared notebook is not modified


def test_chapter5_has_no_variant_and_bad_ids_are_refused(tmp_path: Path) -> None:
    nb = released("ch05")
    personal = personalise_notebook(nb, "s0001", RELEASE)
    assert personal["cells"] == nb["cells"]
    for bad in ("", "  ", 'a"b', "a\nb"):
        with pytest.raises(PersonaliseError):
            personalise_notebook(released("ch02"), bad, RELEASE)
    with pytest.raises(PersonaliseError, match="pool"):
        personalise_notebook(released("ch02"), "s0001", tmp_path)  # a release without the pool


def test_release_per_student_writes_one_personalised_copy_per_roster_student(tmp_path: Path, capsys) -> None:
    out = tmp_path / "assignments"
    shutil.copytree(RELEASE, out / "2026-fall", ignore=shutil.ignore_patterns("__pycache__"))
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns0001,甲\ns0002,乙\n", encoding="utf-8")
    code = main(["release", "--version", "2026-fall", "--out", str(out), "--per-student", str(roster),
                 "--per-student-out", str(tmp_path / "personal")])
    assert code == 0, capsys.readouterr()
    for sid in ("s0001", "s0002"):
        folder = tmp_path / "personal" / sid
        nb = json.loads((folder / "ch02_performance.ipynb").read_text(encoding="utf-8"))
        assert nb["metadata"]["jaxgrade"]["personalised_for"] == sid
        assert recompile_sequence(sid).strip() in cell_text(nb, "statement", "recompile")
        assert (folder / "jaxcourse" / "recompile_pool.json").is_file()
        assert (folder / "manifest.json").is_file()
    assert sorted(p.name for p in (out / "2026-fall").iterdir()) == sorted(p.name for p in RELEASE.iterdir()
                                                                           if p.name != "__pycache__")
    bad = tmp_path / "bad.csv"
    bad.write_text("name\nx\n", encoding="utf-8")
    assert main(["release", "--version", "2026-fall", "--out", str(out), "--per-student", str(bad)]) == 1
