"""scripts/mutate_answers.py and its operators: mutants of the reference answers, graded for real."""

from __future__ import annotations

import ast
import json
import shutil
import sys
from pathlib import Path

import pytest

from autograder.exercises import CHAPTERS
from autograder.mutation.operators import mutants
from autograder.release.compile_cache import master_answers
from scripts import mutate_answers

from helpers.early_lane import EarlyLane, session_lane

REPO = Path(__file__).resolve().parents[1]
LANE_KEY = "mutation-run"


def _master() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name in ("ch02_performance.ipynb", "ch05_interop.ipynb"):
        out.update(master_answers(REPO / "solutions", name))
    return out


def test_every_exercise_has_mutants_that_compile_and_differ() -> None:
    answers = _master()
    for ids in CHAPTERS.values():
        for ex in ids:
            found = mutants(ex, answers[ex])
            assert found, ex
            assert len({m.id for m in found}) == len(found), f"{ex}: mutant ids repeat"
            for m in found:
                assert list(m.cells) != answers[ex], m.id
                for cell in m.cells:
                    if not cell.lstrip().startswith("%%"):
                        compile(cell, m.id, "exec")


def test_mutant_ids_are_stable() -> None:
    answers = _master()
    first = [m.id for m in mutants("safe_distance", answers["safe_distance"])]
    assert first == [m.id for m in mutants("safe_distance", answers["safe_distance"])]


def test_operators_cover_the_issue_list() -> None:
    """Swap/negate an operator, constants, axis/keepdims, drop a where or a branch, return an input,
    swap arguments, drop a statement; and the C++ operator and constant mutations of silu.cc."""
    answers = _master()
    ops = {m.id.split(":")[1] for ex in answers for m in mutants(ex, answers[ex])}
    want = {"binop", "negate", "constant", "keyword", "where", "branch", "return_input", "swap_args",
            "drop_stmt", "compare", "cxx_operator", "cxx_constant"}  # fmt: skip
    assert want <= ops, want - ops


def test_a_where_mutant_really_drops_the_where() -> None:
    src = "def f(x):\n    return jnp.where(x == 0, 1.0, x)\n"
    got = {ast.unparse(ast.parse(m.cells[0])) for m in mutants("e", [src])}
    # dropping the where keeps either branch (the `x` one may come first as "return an input")
    assert {"def f(x):\n    return 1.0", "def f(x):\n    return x"} <= got
    assert "def f(x):\n    return jnp.where(x != 0, 1.0, x)" in got


def test_the_equivalent_list_names_existing_mutants_with_a_reason() -> None:
    answers = _master()
    ids = {(ex, m.id) for ex in answers for m in mutants(ex, answers[ex])}
    listed = mutate_answers.read_equivalent()
    assert listed, "tests/corpus/mutants/equivalent.txt is empty"
    for key, reason in listed.items():
        assert key in ids, f"equivalent.txt names a mutant that no longer exists: {key}"
        assert reason, f"equivalent.txt gives no reason for {key}"


def queue_early_work(lane: EarlyLane, items: list[pytest.Item]) -> None:
    """The small mutation run is one self-contained command (about 20 s): it runs on the early lane."""
    wanted = any(i.name == "test_a_small_mutation_run_through_the_real_grader" for i in items)
    if wanted and shutil.which("bwrap"):
        out = lane.workdir(LANE_KEY) / "run.json"
        argv = [sys.executable, str(REPO / "scripts" / "mutate_answers.py"), "--exercises", "safe_distance",
                "--limit", "3", "--json", str(out)]  # fmt: skip
        lane.add(LANE_KEY, argv, note=out)


@pytest.mark.slow
def test_a_small_mutation_run_through_the_real_grader(request: pytest.FixtureRequest) -> None:
    if shutil.which("bwrap") is None:
        pytest.skip("prerequisite missing: bwrap (the mutants are graded in the real sandbox)")
    lane = session_lane(request.config)
    r, out = lane.result(LANE_KEY), lane.notes[LANE_KEY]
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]  # the unmutated reference scored full points
    assert "safe_distance" in r.stdout and "kill rate" in r.stdout
    stats = json.loads(out.read_text())["stats"]["safe_distance"]
    assert stats["total"] == 3 and stats["killed"] + stats["equivalent"] + len(stats["survivors"]) == 3
