"""Hidden checks of chapter 2 exercise 2, `predicted_compiles: int` (trusted parent side).

Every student has their own call sequence: `inputs` draws it from the release's pool
(`jaxcourse/recompile_pool.json`) by the student id the grader knows (folder or file name, LMS
student, service login; never an id typed in the notebook), with the selection of
`jaxcourse.variants`, which the student's notebook uses to show them the same sequence.

The child only reads the prediction. The expected count is measured here, never in the student's
process: a fresh Python subprocess with no student code runs the student's call sequence under
`jaxcourse.CompileCounter` (default 32-bit mode, JAX_*/XLA_* variables
cleared). The count is remembered per (sequence, function name, grader code, jax version) on the
grader's disk (reference_memo.py): `jaxgrade warm-cache` measures the whole pool in one process, so
grading starts no clean process at all; a failed measurement is a grader fault, never a student's zero.

Points: `matches_clean_measurement` (9) is the behaviour. `exact_int` (1) is a gate (a float, bool
or NumPy integer scores 0) and counts only together with `matches_clean_measurement`: any int has the
type, so a wrong int scores 0. The feedback says whether a wrong prediction is too high or too low,
never the measured count (with one sequence per class, one wrong attempt would tell everyone).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from autograder.exercises import reference_memo
from autograder.exercises.base import (
    CheckOutcome,
    Exercise,
    ProbeInputs,
    SubCheck,
    lost,
    observed_nothing,
    unanswered,
)
from autograder.exercises.input_classes import InputClass
from autograder.i18n import N_, _
from autograder.model import GraderFault
from autograder.observations import ObservationInvalid, Observations
from jaxcourse.variants import POOL_FILE, load_pool, variant_index

__all__ = ["EXERCISE", "RELEASE_FUNCTION", "RELEASE_SEQUENCE", "correct_prediction", "inputs",
           "measure_compiles", "verdict"]

EXERCISE = Exercise(
    id="recompile",
    chapter="ch02",
    title_zh=N_("练习 2:预测重编译次数"),
    subchecks=(
        SubCheck(
            "exact_int",
            1,
            N_("predicted_compiles 是一个 int(不是 bool、float、NumPy 整数或 int 的子类)"),
            gate=True,
            counts_with=("matches_clean_measurement",),
        ),
        SubCheck(
            "matches_clean_measurement",
            9,
            N_("预测值等于在不含学生代码的干净进程里用 CompileCounter 实测的编译次数"),
        ),
    ),
    relies_on=(),  # the probe calls nothing of the student's and no JAX function
    per_student=True,
)

# The call sequences come from the pool the release carries (`jaxcourse/recompile_pool.json`, see
# jaxcourse/variants.py). The statement of the master notebook shows the pool's first sequence as its
# example (tests/test_checks_ch02.py compares them).
POOL = load_pool()
RELEASE_FUNCTION = POOL.function
RELEASE_SEQUENCE = POOL.sequences[0]

# One clean process measures every sequence it is given, each in a namespace of its own: a sequence
# defines its jit function afresh, whose compile cache starts empty (the pool's counts are the same
# measured together, in either order, as one process per sequence).
_MEASURE = r"""
import json, sys
import jax, jax.numpy as jnp, numpy as np
from jax import lax
from jaxcourse import CompileCounter
doc = json.loads(sys.stdin.read())
counts = []
for sequence in doc["sequences"]:
    with CompileCounter(doc["function"]) as cc:
        exec(compile(sequence, "<release call sequence>", "exec"),
             {"__name__": "__sequence__", "jax": jax, "jnp": jnp, "np": np, "lax": lax})
    counts.append(cc.count)
print(json.dumps({"counts": counts, "x64": bool(jax.config.jax_enable_x64)}))
"""
_COURSE_ROOT = Path(__file__).resolve().parents[2]  # holds jaxcourse/, which the clean process imports


def inputs(seed: int, *, student_id: str | None = None, release_root: Path | None = None) -> ProbeInputs:
    """The call sequence of `student_id` (the id the grader knows), from the pool of `release_root`.

    Without a student id: the pool's first sequence (the example of the shared notebook). A release
    without a pool file is a grader fault.
    """
    pool = _release_pool(release_root)
    index = variant_index(student_id, pool) if student_id is not None else 0
    return ProbeInputs(seed=seed, params={"function": pool.function, "sequence": pool.sequences[index],
                                          "variant": index})


def _release_pool(release_root: Path | None) -> Any:
    try:
        return load_pool(release_root / "jaxcourse" / POOL_FILE.name) if release_root is not None else POOL
    except (OSError, ValueError, KeyError) as exc:
        raise GraderFault(f"recompile: the release's sequence pool is unusable: {exc}") from exc


def measure_clean(sequences: list[str], function: str) -> list[int]:
    """Compilations of `function` while running each of `sequences`, in one fresh, student-free
    Python process (default 32-bit mode, JAX_*/XLA_*/PYTHON* variables cleared)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JAX_", "XLA_", "PYTHON"))}
    env.update(JAX_PLATFORMS="cpu", PYTHONPATH=str(_COURSE_ROOT))
    with tempfile.TemporaryDirectory(prefix="jaxgrade-recompile-") as tmp:
        try:
            proc = subprocess.run([sys.executable, "-P", "-s", "-c", _MEASURE], cwd=tmp, env=env,
                                  input=json.dumps({"sequences": sequences, "function": function}),
                                  capture_output=True, text=True, timeout=300, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise GraderFault(f"recompile: clean measurement could not run: {exc}") from exc
    try:
        doc = json.loads(proc.stdout.strip().splitlines()[-1])
        counts = doc["counts"]
    except (IndexError, ValueError, KeyError, TypeError) as exc:
        raise GraderFault(f"recompile: clean measurement failed (exit {proc.returncode}): "
                          f"{proc.stderr[-2000:]}") from exc
    if (not isinstance(counts, list) or len(counts) != len(sequences)
            or any(type(c) is not int or c < 1 for c in counts) or doc.get("x64") is not False):
        raise GraderFault(f"recompile: implausible clean measurement {doc!r}")
    return counts


def _memo_params(sequence: str, function: str) -> dict[str, str]:
    return {"sequence": sequence, "function": function}


def measure_compiles(sequence: str = RELEASE_SEQUENCE, function: str = RELEASE_FUNCTION) -> int:
    """The clean compile count of one sequence, measured once per sequence, grader and JAX version
    (reference_memo: on the grader's disk, so later grading processes start no clean process)."""
    return reference_memo.remembered("recompile", _memo_params(sequence, function),
                                     lambda: measure_clean([sequence], function)[0])


def measure_pool(release_root: Path | None = None) -> list[int]:
    """Every sequence of the release's pool, the missing ones measured together in one process
    (`jaxgrade warm-cache` calls this, so grading finds them all remembered)."""
    pool = _release_pool(release_root)
    missing = [s for s in dict.fromkeys(pool.sequences)
               if not reference_memo.known("recompile", _memo_params(s, pool.function))]
    if missing:
        counts = dict(zip(missing, measure_clean(missing, pool.function), strict=True))
        for sequence, count in counts.items():
            reference_memo.remembered("recompile", _memo_params(sequence, pool.function),
                                      lambda count=count: count)
    return [measure_compiles(s, pool.function) for s in pool.sequences]


def correct_prediction(student_id: str, release_root: Path) -> int:
    """The count `student_id` must predict (for generators of example and test submissions)."""
    inp = inputs(0, student_id=student_id, release_root=release_root)
    return measure_compiles(inp.params["sequence"], inp.params["function"])


def verdict(inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
    measured = measure_compiles(inp.params["sequence"], inp.params["function"])
    if observed_nothing(obs):
        return lost(EXERCISE)
    if obs.values.get("defined") is not True:
        return unanswered(EXERCISE, _("没有找到 predicted_compiles:"
                                    "请在作答区写下 predicted_compiles = <你预测的编译次数>"))
    try:
        type_name = obs.text("type_name", max_chars=200)
        exact = obs.raw("exact_int")
        if type(exact) is not bool:
            raise ObservationInvalid("exact_int", _("观测结果的结构不对"))
        prediction = obs.integer("value") if exact and type_name == "int" else None
    except ObservationInvalid as exc:
        msg = _("读取预测值失败:{message_zh}").format(message_zh=exc.message_zh)
        return [CheckOutcome("exact_int", False, msg), CheckOutcome("matches_clean_measurement", False, msg)]
    if type_name in ("ellipsis", "NoneType"):
        return unanswered(EXERCISE, _("predicted_compiles 还是占位的 ...(或 None):请把它换成你预测的整数"))
    if prediction is None:
        detail = _("predicted_compiles 的类型是 {type_name},应为 int:predicted_compiles = <整数>").format(
            type_name=type_name
        )
        return [CheckOutcome("exact_int", False, detail),
                CheckOutcome("matches_clean_measurement", False, _("预测值不是 int,无法比较"))]
    # Never the measured count: every student with the same sequence would learn the answer from it.
    if prediction == measured:
        match = CheckOutcome("matches_clean_measurement", True, _("预测与干净进程里的实测一致"))
    else:
        direction = _("预测偏大") if prediction > measured else _("预测偏小")
        match = CheckOutcome(
            "matches_clean_measurement",
            False,
            _(
                "{direction}。逐个调用想一想:哪些东西属于 jit 的缓存键(形状、dtype、weak type、静态参数的值)"
                "?默认 32 位模式下 float64 数组会怎样?"
            ).format(direction=direction),
        )
    return [CheckOutcome("exact_int", True, _("类型是 int")), match]


# --------------------------------------------------------------------------------------- input classes

INPUT_CLASSES: tuple[InputClass, ...] = (
    InputClass("transform.call_sequence", "transform",
               "the student's own call sequence from the release pool (shapes, dtypes, weak types, static "
               "arguments), measured in a clean process", ("matches_clean_measurement",),
               lambda i: bool(i.params["sequence"])),
    InputClass("form.exact_int", "form", "the prediction is an int (bool, float, NumPy integer refused)",
               ("exact_int",), lambda i: True),
)
