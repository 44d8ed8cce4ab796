"""The chapter 5 master notebook, executed for real (nbclient + ipykernel, JAX 0.12.0.1, clang++).

- the master runs top to bottom in one kernel (cwd: a folder laid out like a release, with copies of
  `jaxcourse/` and `kernels/`) and every public self-check passes on the reference answers;
- in the same kernel, wrong answers (each one a small edit of the reference answer cell) make the
  exercise's self-check fail with a Chinese message naming the violated property, a missing answer
  reports "尚未作答", and the reference answer passes again afterwards;
- `otter assign` accepts the master; the student notebook has no answers, its C++ cell still compiles
  (to an empty library), and the generated otter test files say "尚未作答" on the empty answers and
  pass once the reference answers are run.

Kernels are built into a fresh JAXCOURSE_BUILD_DIR per module, so the compiler really runs.
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

MASTER = REPO / "solutions" / "ch05_interop.ipynb"
EXERCISES = ("reduce_sum_rules", "gammaln_callback", "silu_ffi", "ffi_lowering")
PASSED = {ex: f"✅ 练习 {i} 自检通过" for i, ex in enumerate(EXERCISES, start=1)}
RELEASE_FOLDERS = ("jaxcourse", "kernels")


def _role(cell) -> dict:
    return cell.metadata.get("jaxgrade", {})


def _cells(nb, role: str, exercise: str | None = None) -> list:
    return [c for c in nb.cells
            if _role(c).get("role") == role and (exercise is None or _role(c).get("exercise") == exercise)]


@pytest.fixture(scope="module")
def master() -> nbformat.NotebookNode:
    return nbformat.read(MASTER, as_version=4)


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory):
    """A fresh kernel build cache, inherited by every kernel this module starts."""
    path = tmp_path_factory.mktemp("ch05_kernel_builds")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JAXCOURSE_BUILD_DIR", str(path))
        mp.setenv("JAX_PLATFORMS", "cpu")
        yield path


# ---------------------------------------------------------------- structure (no kernel)


def test_master_is_in_otter_assign_format_with_jaxgrade_metadata(master):
    first = master.cells[0]
    assert first.cell_type == "raw" and first.source.startswith("# ASSIGNMENT CONFIG")
    assert yaml.safe_load(first.source) == {
        "name": "ch05_interop",
        "init_cell": True,
        "check_all_cell": False,
        "export_cell": False,
        "run_tests": False,
        "generate": False,
        "tests": {"files": True, "ok_format": False},
    }
    questions = [yaml.safe_load(c.source) for c in master.cells
                 if c.cell_type == "raw" and c.source.startswith("# BEGIN QUESTION")]
    assert questions == [{"name": ex, "points": 10} for ex in EXERCISES]
    assert master.metadata["jaxgrade"] == {"chapter": "ch05"}
    assert master.metadata["kernelspec"]["name"] == "python3"

    setup = "\n".join(c.source for c in _cells(master, "setup"))
    for needed in ("from jax.extend.core import Primitive", "from jax.core import ShapedArray",
                   "from jax.interpreters import ad, batching, mlir, xla",
                   "from jax.test_util import check_grads", "def custom_reduce_sum(x, axis):",
                   'custom_reduce_sum_p = Primitive("custom_reduce_sum")',
                   "jaxcourse.register_rms_norm_targets()", "from jaxcourse import rms_norm_np64"):
        assert needed in setup, needed
    for ex in EXERCISES:
        statements = _cells(master, "statement", ex)
        assert len(statements) == 1 and statements[0].cell_type == "markdown", ex
        assert "**接口**" in statements[0].source, ex
        assert _cells(master, "answer", ex), ex
        [check] = _cells(master, "selfcheck", ex)
        # An otter exception-based test cell: one test function, then the master calls it.
        assert check.source.startswith(f"def test_{ex}(env):")
        assert check.source.rstrip().endswith(f"test_{ex}(globals())")
    [cpp, python] = _cells(master, "answer", "silu_ffi")
    assert cpp.source.startswith("%%writefile silu.cc\n")
    assert "load_kernel(\"silu.cc\")" in python.source
    code_roles = {_role(c).get("role") for c in master.cells if c.cell_type == "code"}
    # submit: the closing submit() cell; quiz: show_quiz/check_quiz helpers (the grader never runs them)
    assert code_roles == {"setup", "answer", "selfcheck", "submit", "quiz"}


# ---------------------------------------------------------------- the master in a real kernel


@pytest.fixture(scope="module")
def master_session(build_dir, tmp_path_factory):
    nb_path = notebook_workdir(tmp_path_factory.mktemp("ch05_master"), MASTER, extra=RELEASE_FOLDERS)
    with KernelSession(nb_path.parent) as session:
        runs = session.run_notebook(nbformat.read(nb_path, as_version=4))
        yield session, runs


def test_master_runs_top_to_bottom_and_every_selfcheck_passes(master_session, build_dir):
    _, runs = master_session
    for cell, run in runs:
        assert run.ok, f"{_role(cell)}: {run.error}\n{cell.source[:300]}"
    for ex in EXERCISES:
        [(_, run)] = [(c, r) for c, r in runs if _role(c) == {"role": "selfcheck", "exercise": ex}]
        assert PASSED[ex] in run.text, run.text
    # Both kernels (the course's RMSNorm and the answer's SiLU) were really compiled into this build dir.
    assert len(list(build_dir.glob("*.so"))) >= 2


# Wrong answers: (exercise, description, [(old, new) edits per answer cell], text the failure must contain).
# Each edit must match the reference answer exactly once, so a wrong answer is "the reference with one
# bug". The C++ variants also rename the FFI targets: XLA refuses a second, different kernel under a
# name already registered in the process.
def _renamed(tag: str) -> list[tuple[str, str, bool]]:
    return [('"silu_bwd"', f'"silu_bwd_{tag}"', True), ('"silu"', f'"silu_{tag}"', True)]


WRONG_ANSWERS = [
    ("reduce_sum_rules", "no rules registered",
     "del ad.primitive_jvps[custom_reduce_sum_p]\ndel ad.primitive_transposes[custom_reduce_sum_p]",
     "练习 1 尚未作答:custom_reduce_sum_p 还没有注册 JVP 规则、转置规则"),
    ("reduce_sum_rules", "JVP returns the sum of the primal",
     [[("custom_reduce_sum_p.bind(x_dot, axis=axis)", "custom_reduce_sum_p.bind(x, axis=axis)")]],
     "JVP 的切线(应为 sum(ẋ))"),
    ("reduce_sum_rules", "transpose does not broadcast",
     [[("jnp.broadcast_to(jnp.expand_dims(ct, axes), x.aval.shape)", "ct")]],
     "转置规则(linear_transpose 应把余切广播回输入形状)"),
    ("reduce_sum_rules", "batching forgets to shift axis",
     [[("tuple(a + 1 if a >= bd else a for a in axes)", "axes")]],
     "vmap(in_axes=0),axis=(0,):axis 要随批维度的位置平移"),
    ("gammaln_callback", "missing", "del gammaln_cb", "练习 2 尚未作答"),
    ("gammaln_callback", "no vmap_method",
     [[(', vmap_method="expand_dims")', ")")]],
     "vmap(grad):回调要选对 vmap_method"),
    ("gammaln_callback", "derivative is not digamma",
     [[("_on_host(sps.digamma, x) * x_dot", "_on_host(sps.gammaln, x) * x_dot")]],
     "导数 jit(grad) 应为 digamma(x)"),
    ("silu_ffi", "missing", "del silu_ffi", "练习 3 尚未作答"),
    ("silu_ffi", "backward kernel drops the x(1 - s) term",
     [[("out[i] = g[i] * s * (1.0f + in[i] * (1.0f - s));", "out[i] = g[i] * s;")], _renamed("nox")],
     "梯度 jit(grad) 应为 ȳ·σ(x)·(1 + x(1 − σ(x)))"),
    ("silu_ffi", "sigmoid overflows at +100",
     [[("  if (v >= 0.0f) return 1.0f / (1.0f + std::exp(-v));\n", "")], _renamed("naive")],
     "大输入(±100)的前向值:σ(x) 要用数值稳定的写法"),
    ("silu_ffi", "backward written in jnp instead of the kernel",
     [[], [("return (bwd(x, ct_y),)", "s = jax.nn.sigmoid(x)\n    return (ct_y * s * (1 + x * (1 - s)),)")]],
     "反向调用 C++ 内核"),
    ("silu_ffi", "forward ffi_call without vmap_method",
     [[], [('jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method="broadcast_all")(x)',
            "jax.ShapeDtypeStruct(x.shape, x.dtype))(x)")]],
     "vmap(grad)"),
    ("ffi_lowering", "missing", "del rms_norm_prim_p", "练习 4 尚未作答"),
    ("ffi_lowering", "batch axis moved to the last position",
     [[("jnp.moveaxis(x, bd, 0), eps=eps), 0", "jnp.moveaxis(x, bd, -1), eps=eps), x.ndim - 1")]],
     "vmap(in_axes=0):内核总是对最后一维归一化"),
    ("ffi_lowering", "batch axis left in place (wrong only when it is last)",
     [[("jnp.moveaxis(x, bd, 0), eps=eps), 0", "x, eps=eps), bd")]],
     "vmap(in_axes=2):内核总是对最后一维归一化"),
]


def _edit(source: str, edits: list[tuple]) -> str:
    """Apply (old, new) edits that must match exactly once, or (old, new, True) to replace every match."""
    for old, new, *every in edits:
        found = source.count(old)
        assert found == 1 or (every and found), f"reference answer changed; update the wrong answer {old!r}"
        source = source.replace(old, new)
    return source


@pytest.mark.parametrize(
    ("exercise", "what", "wrong", "message"), WRONG_ANSWERS, ids=[f"{w[0]}-{w[1]}" for w in WRONG_ANSWERS]
)
def test_wrong_answer_fails_its_selfcheck_with_a_chinese_message(
    master, master_session, exercise, what, wrong, message
):
    session, _ = master_session
    [selfcheck] = _cells(master, "selfcheck", exercise)
    answers = [c.source for c in _cells(master, "answer", exercise)]

    if isinstance(wrong, str):
        wrong_cells = [wrong]
    else:
        assert len(wrong) == len(answers)
        wrong_cells = [_edit(src, edits) for src, edits in zip(answers, wrong, strict=True)]
    for src in wrong_cells:
        defined = session.run(src)
        assert defined.ok, defined.error
    failed = session.run(selfcheck.source)
    assert failed.error is not None and failed.error.startswith("AssertionError: "), failed
    assert message in failed.error, failed.error
    assert PASSED[exercise] not in failed.text

    # Put the reference answer back: the same self-check passes again in this session.
    for src in answers:
        restored = session.run(src)
        assert restored.ok, restored.error
    again = session.run(selfcheck.source)
    assert again.ok and PASSED[exercise] in again.text, again


# ---------------------------------------------------------------- otter assign


@pytest.fixture(scope="module")
def assigned(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("ch05_assign") / "dist"
    proc = subprocess.run(
        [sys.executable, "-m", "otter", "assign", "--no-run-tests", "--no-pdfs", str(MASTER), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


def _answer_lines(master) -> set[str]:
    """Substantial lines between the solution markers of the master's answer cells."""
    lines: set[str] = set()
    for cell in _cells(master, "answer"):
        inside = False
        for line in cell.source.splitlines():
            if "# BEGIN SOLUTION" in line:
                inside = True
            elif "# END SOLUTION" in line:
                inside = False
            elif inside and len(line.strip()) > 20 and not line.strip().startswith(("#", "//", "/*", "*/")):
                lines.add(line.strip())
    return lines


def test_otter_assign_yields_a_student_notebook_without_answers(assigned, master):
    student = nbformat.read(assigned / "student" / "ch05_interop.ipynb", as_version=4)
    code = [c.source for c in student.cells if c.cell_type == "code"]
    joined = "\n".join(code)
    answer_lines = _answer_lines(master)
    assert len(answer_lines) > 30
    leaked = sorted(line for line in answer_lines if line in joined)
    assert not leaked, leaked
    for text in ("BEGIN SOLUTION", "END SOLUTION", "def test_", "StableSigmoid", "apply_primitive"):
        assert text not in joined, text
    for ex in EXERCISES:
        assert (assigned / "student" / "tests" / f"{ex}.py").is_file()
        assert f'grader.check("{ex}")' in code
        for answer in _cells(student, "answer", ex):
            assert "otter_answer_cell" in answer.metadata.get("tags", [])
    assert student.metadata["jaxgrade"] == {"chapter": "ch05"}
    # The autograder copy keeps the reference answers.
    autograder = (assigned / "autograder" / "ch05_interop.ipynb").read_text()
    assert "StableSigmoid" in autograder and "apply_primitive" in autograder


def test_student_cpp_cell_is_valid_cpp_with_the_hint(assigned, build_dir, tmp_path):
    from jaxcourse import build_kernel

    student = nbformat.read(assigned / "student" / "ch05_interop.ipynb", as_version=4)
    [cpp, _] = _cells(student, "answer", "silu_ffi")
    header, _, body = cpp.source.partition("\n")
    assert header == "%%writefile silu.cc"
    assert '#include "xla/ffi/api/ffi.h"' in body and "Silu 和 SiluBwd" in body
    assert "XLA_FFI_DEFINE_HANDLER_SYMBOL(" not in body
    src = tmp_path / "silu.cc"
    src.write_text(body + "\n")
    assert build_kernel(src).is_file()  # clang++ accepts it: an empty library


def test_generated_otter_tests_report_unanswered_then_pass_on_the_reference(
    assigned, master, build_dir, tmp_path
):
    student_dir = assigned / "student"
    nb_path = notebook_workdir(
        tmp_path / "student", student_dir / "ch05_interop.ipynb", extra=RELEASE_FOLDERS
    )
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
            for answer in _cells(master, "answer", ex):
                assert session.run(answer.source).ok
            result = session.run(f'grader.check("{ex}")')
            assert result.ok and f"{ex} results: All test cases passed!" in result.text, result.text
