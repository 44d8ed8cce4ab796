"""The chapter 2 master notebook, executed for real (nbclient + ipykernel, JAX 0.12.0.1).

- the master runs top to bottom in a kernel and every public self-check passes on the reference
  answers (each self-check cell defines the otter test function and calls it);
- in the same kernel, wrong answers make the exercise's self-check fail with a Chinese message
  naming the violated property, and a missing answer reports "尚未作答" instead of a NameError;
- `otter assign` accepts the master; its student notebook has no answers, and the generated
  otter test files say "尚未作答" on the stubs and pass once the reference answers are run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
import yaml

from helpers.nbexec import KernelSession, notebook_workdir
from helpers.paths import REPO

pytestmark = pytest.mark.slow

MASTER = REPO / "solutions" / "ch02_performance.ipynb"
EXERCISES = ("histogram", "recompile", "fusion", "safe_distance")
PASSED = {ex: f"✅ 练习 {i} 自检通过" for i, ex in enumerate(EXERCISES, start=1)}


def _role(cell) -> dict:
    return cell.metadata.get("jaxgrade", {})


def _cells(nb, role: str, exercise: str | None = None) -> list:
    return [
        c
        for c in nb.cells
        if _role(c).get("role") == role and (exercise is None or _role(c).get("exercise") == exercise)
    ]


@pytest.fixture(scope="module")
def master() -> nbformat.NotebookNode:
    return nbformat.read(MASTER, as_version=4)


# ---------------------------------------------------------------- structure (no kernel)


def test_master_is_in_otter_assign_format_with_jaxgrade_metadata(master):
    first = master.cells[0]
    assert first.cell_type == "raw" and first.source.startswith("# ASSIGNMENT CONFIG")
    config = yaml.safe_load(first.source)
    assert config == {
        "name": "ch02_performance",
        "init_cell": True,
        "check_all_cell": False,
        "export_cell": False,
        "run_tests": False,
        "generate": False,
        "tests": {"files": True, "ok_format": False},
    }
    questions = [
        yaml.safe_load(c.source)
        for c in master.cells
        if c.cell_type == "raw" and c.source.startswith("# BEGIN QUESTION")
    ]
    assert questions == [{"name": ex, "points": 10} for ex in EXERCISES]
    assert master.metadata["jaxgrade"] == {"chapter": "ch02"}
    assert master.metadata["kernelspec"]["name"] == "python3"

    setup = _cells(master, "setup")
    assert len(setup) == 1 and "from jaxcourse import" in setup[0].source
    for ex in EXERCISES:
        assert len(_cells(master, "statement", ex)) == 1, ex
        assert all(c.cell_type == "markdown" for c in _cells(master, "statement", ex))
        assert len(_cells(master, "answer", ex)) == 1, ex
        checks = _cells(master, "selfcheck", ex)
        assert len(checks) == 1, ex
        # An otter exception-based test cell: one test function, then the master calls it.
        assert checks[0].source.startswith(f"def test_{ex}(env):")
        assert checks[0].source.rstrip().endswith(f"test_{ex}(globals())")
    # Every code cell is either setup, an answer or a self-check (the grader relies on the roles).
    code_roles = {_role(c).get("role") for c in master.cells if c.cell_type == "code"}
    # submit: the closing submit() cell; quiz: show_quiz/check_quiz helpers (the grader never runs them)
    assert code_roles == {"setup", "answer", "selfcheck", "submit", "quiz"}


# ---------------------------------------------------------------- the master in a real kernel


@pytest.fixture(scope="module")
def master_session(master, tmp_path_factory):
    nb_path = notebook_workdir(tmp_path_factory.mktemp("ch02_master"), MASTER)
    with KernelSession(nb_path.parent) as session:
        runs = session.run_notebook(nbformat.read(nb_path, as_version=4))
        yield session, runs


def test_master_runs_top_to_bottom_and_every_selfcheck_passes(master_session):
    _, runs = master_session
    for cell, run in runs:
        assert run.ok, f"{_role(cell)}: {run.error}\n{cell.source[:300]}"
    for ex in EXERCISES:
        [(_, run)] = [(c, r) for c, r in runs if _role(c) == {"role": "selfcheck", "exercise": ex}]
        assert PASSED[ex] in run.text, run.text
    [(_, answer)] = [(c, r) for c, r in runs if _role(c) == {"role": "answer", "exercise": "histogram"}]
    # The reference answer's own exploration of `target` (cond 1, custom_jvp_call 1, sin 2).
    assert "'cond': 1" in answer.text and "'custom_jvp_call': 1" in answer.text and "'sin': 2" in answer.text


NO_RECURSION = """
def primitive_histogram(f, *args):
    return Counter(eqn.primitive.name for eqn in jax.make_jaxpr(f)(*args).jaxpr.eqns)
"""

SKIPS_WHILE_COND = """
def primitive_histogram(f, *args):
    counts = Counter()

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            for key, value in eqn.params.items():
                if key != "cond_jaxpr":
                    for sub in je.core.jaxprs_in_params({key: value}):
                        walk(sub)

    walk(jax.make_jaxpr(f)(*args).jaxpr)
    return counts
"""

HISTOGRAM_AS_LIST = """
def primitive_histogram(f, *args):
    return [(eqn.primitive.name, 1) for eqn in jax.make_jaxpr(f)(*args).jaxpr.eqns]
"""

STABLEHLO_FUSIONS = """
def fusion_report(f, *args):
    lowered = jax.jit(f).lower(*args)
    return count_fusions(lowered.as_text()), lowered.compile().cost_analysis()["bytes accessed"]
"""

FLOAT_FUSION_COUNT = """
def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    return float(count_fusions(compiled.as_text())), compiled.cost_analysis()["bytes accessed"]
"""

SINGLE_WHERE = """
def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    return jnp.where(sq == 0.0, 0.0, jnp.sqrt(sq))
"""

NORM_IDENTITY = """
def safe_pairwise_distance(X, Y):
    sq = jnp.sum(X**2, axis=1)[:, None] - 2.0 * X @ Y.T + jnp.sum(Y**2, axis=1)[None, :]
    sq = jnp.maximum(sq, 0.0)
    is_zero = sq == 0.0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))
"""

# The identity at full matmul precision, exact zeros forced where rows are equal: accurate on
# ordinary data, but catastrophic cancellation when the points sit around 100.
IDENTITY_EXACT_ZEROS = """
def safe_pairwise_distance(X, Y):
    dot = jnp.matmul(X, Y.T, precision="highest")
    sq = jnp.sum(X * X, axis=1)[:, None] - 2.0 * dot + jnp.sum(Y * Y, axis=1)[None, :]
    equal = jnp.all(X[:, None, :] == Y[None, :, :], axis=-1)
    is_zero = equal | (sq <= 0.0)
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))
"""

# (exercise, wrong answer source, text the self-check's failure message must contain)
WRONG_ANSWERS = [
    ("histogram", "del primitive_histogram", "练习 1 尚未作答"),
    ("histogram", NO_RECURSION, "递归统计子 jaxpr:scan 的循环体里的 'sin' 应计 1 次,实际 0 次"),
    ("histogram", SKIPS_WHILE_COND, "递归统计子 jaxpr:while 的条件函数里的 'lt' 应计 1 次,实际 0 次"),
    ("histogram", HISTOGRAM_AS_LIST, "返回值类型:primitive_histogram 应返回 dict 或 Counter"),
    ("recompile", "del predicted_compiles", "练习 2 尚未作答"),
    ("recompile", "predicted_compiles = ...", "练习 2 尚未作答"),
    ("recompile", "predicted_compiles = 3", "编译次数预测:你预测 3 次,与 CompileCounter 实测不符"),
    ("recompile", "predicted_compiles = 5", "编译次数预测:你预测 5 次"),
    ("recompile", "predicted_compiles = True", "预测值的类型:predicted_compiles 应是整数(int),实际是 bool"),
    ("recompile", "predicted_compiles = 4.0", "预测值的类型:predicted_compiles 应是整数(int),实际是 float"),
    ("fusion", "del fusion_report", "练习 3 尚未作答"),
    ("fusion", "def fusion_report(f, *args):\n    ...", "练习 3 尚未作答:fusion_report 返回了 None"),
    ("fusion", STABLEHLO_FUSIONS, "统计优化后的 HLO:h1 的 fusion 条数为 0"),
    ("fusion", FLOAT_FUSION_COUNT, "fusion 条数的类型:应是 Python int,实际是 float"),
    ("safe_distance", "del safe_pairwise_distance", "练习 4 尚未作答"),
    ("safe_distance", SINGLE_WHERE, "② 梯度有限:对 sum(D(X, X)) 求梯度出现了 nan/inf"),
    ("safe_distance", NORM_IDENTITY, "① 前向一致"),
]


@pytest.mark.parametrize(
    ("exercise", "wrong", "message"), WRONG_ANSWERS, ids=[f"{w[0]}-{i}" for i, w in enumerate(WRONG_ANSWERS)]
)
def test_wrong_answer_fails_its_selfcheck_with_a_chinese_message(
    master, master_session, exercise, wrong, message
):
    session, _ = master_session
    [selfcheck] = _cells(master, "selfcheck", exercise)
    [answer] = _cells(master, "answer", exercise)

    defined = session.run(wrong)
    assert defined.ok, defined.error
    failed = session.run(selfcheck.source)
    assert failed.error is not None and failed.error.startswith("AssertionError: "), failed
    assert message in failed.error, failed.error
    assert PASSED[exercise] not in failed.text

    # Put the reference answer back: the same self-check passes again in this session.
    restored = session.run(answer.source)
    assert restored.ok, restored.error
    again = session.run(selfcheck.source)
    assert again.ok and PASSED[exercise] in again.text, again


def test_far_from_origin_failure_is_reported_as_such(master, master_session):
    """An answer right everywhere except far from the origin fails on exactly that property."""
    session, _ = master_session
    [selfcheck] = _cells(master, "selfcheck", "safe_distance")
    [answer] = _cells(master, "answer", "safe_distance")
    assert session.run(IDENTITY_EXACT_ZEROS).ok
    failed = session.run(selfcheck.source)
    assert failed.error is not None, failed
    assert failed.error.startswith("AssertionError: ④ 远离原点的精度"), failed.error
    assert session.run(answer.source).ok


# ---------------------------------------------------------------- otter assign


@pytest.fixture(scope="module")
def assigned(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("ch02_assign") / "dist"
    proc = subprocess.run(
        [sys.executable, "-m", "otter", "assign", "--no-run-tests", "--no-pdfs", str(MASTER), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


SOLUTION_TEXT = (
    "jaxprs_in_params(eqn.params)",
    "predicted_compiles = 4",
    "cost_analysis()[",
    "jnp.where(is_zero",
    "BEGIN SOLUTION",
    "END SOLUTION",
    "def test_",
)


def test_otter_assign_yields_a_student_notebook_without_answers(assigned):
    student = nbformat.read(assigned / "student" / "ch02_performance.ipynb", as_version=4)
    sources = "\n".join(c.source for c in student.cells if c.cell_type == "code")
    for text in SOLUTION_TEXT:
        assert text not in sources, text
    for ex in EXERCISES:
        assert (assigned / "student" / "tests" / f"{ex}.py").is_file()
        assert f'grader.check("{ex}")' in sources
        [answer] = _cells(student, "answer", ex)
        assert "otter_answer_cell" in answer.metadata.get("tags", [])
    assert "predicted_compiles = ..." in sources
    assert "def safe_pairwise_distance(X, Y):" in sources
    assert student.metadata["jaxgrade"] == {"chapter": "ch02"}
    # The autograder copy keeps the reference answers.
    autograder = (assigned / "autograder" / "ch02_performance.ipynb").read_text()
    assert "predicted_compiles = 4" in autograder


def test_generated_otter_tests_report_unanswered_then_pass_on_the_reference(assigned, master, tmp_path):
    student_dir = assigned / "student"
    nb_path = notebook_workdir(tmp_path / "student", student_dir / "ch02_performance.ipynb")
    (nb_path.parent / "tests").mkdir()
    for ex in EXERCISES:
        (nb_path.parent / "tests" / f"{ex}.py").write_text((student_dir / "tests" / f"{ex}.py").read_text())

    with KernelSession(nb_path.parent) as session:
        runs = session.run_notebook(nbformat.read(nb_path, as_version=4))
        assert all(run.ok for _, run in runs), [run.error for _, run in runs if not run.ok]
        checks = {ex: run for cell, run in runs for ex in EXERCISES if cell.source == f'grader.check("{ex}")'}
        assert set(checks) == set(EXERCISES)
        for i, ex in enumerate(EXERCISES, start=1):
            assert f"练习 {i} 尚未作答" in checks[ex].text, checks[ex].text
            assert "NameError" not in checks[ex].text

        for ex in EXERCISES:
            [answer] = _cells(master, "answer", ex)
            assert session.run(answer.source).ok
            result = session.run(f'grader.check("{ex}")')
            assert result.ok and f"{ex} results: All test cases passed!" in result.text, result.text
