"""Hidden checks of chapter 2 exercise 2, `predicted_compiles: int` (trusted parent side).

The child only reads the prediction. The expected count is measured here, never in the student's
process: a fresh Python subprocess with no student code runs the call sequence the released
notebook shows under `jaxcourse.CompileCounter` (default 32-bit mode, JAX_*/XLA_* variables
cleared). The measurement is cached per (sequence, function name, jax version) for the lifetime of
the grader process; a failed measurement is a grader fault, never a student's zero.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import jax

import jaxcourse
from autograder.exercises.base import CheckOutcome, Exercise, ProbeInputs, SubCheck
from autograder.grade.model import GraderFault
from autograder.observations import ObservationInvalid, Observations
from autograder.sandboxed.probes.recompile import probe

__all__ = ["EXERCISE", "RELEASE_FUNCTION", "RELEASE_SEQUENCE", "inputs", "measure_compiles", "probe",
           "verdict"]

EXERCISE = Exercise(
    id="recompile",
    chapter="ch02",
    title_zh="练习 2:预测重编译次数",
    interfaces=("predicted_compiles",),
    subchecks=(
        SubCheck("exact_int", 1, "predicted_compiles 是一个 int(不是 bool、float、NumPy 整数或 int 的子类)",
                 gate=True),
        SubCheck("matches_clean_measurement", 9,
                 "预测值等于在不含学生代码的干净进程里用 CompileCounter 实测的编译次数"),
    ),
    relies_on=(),  # the probe calls nothing of the student's and no JAX function
)

# The call sequence of the released notebook's statement (keep in sync with
# solutions/ch02_performance.ipynb; tests/test_checks_ch02.py compares them).
RELEASE_FUNCTION = "g"
RELEASE_SEQUENCE = '''\
@jax.jit(static_argnames="mode")
def g(x, scale, mode="a"):
    return x * scale if mode == "a" else x + scale

g(jnp.ones(3), 2.0)                # ①
g(jnp.ones(3), 3.0)                # ②
g(jnp.ones(3), jnp.float32(3.0))   # ③
g(jnp.ones(3), 2.0, mode="b")      # ④
g(np.ones(3, np.float64), 2.0)     # ⑤
g(jnp.ones((3,)), 2)               # ⑥
'''

_MEASURE = r"""
import json, sys
import jax, jax.numpy as jnp, numpy as np
from jax import lax
from jaxcourse import CompileCounter
doc = json.loads(sys.stdin.read())
with CompileCounter(doc["function"]) as cc:
    exec(compile(doc["sequence"], "<release call sequence>", "exec"),
         {"__name__": "__sequence__", "jax": jax, "jnp": jnp, "np": np, "lax": lax})
print(json.dumps({"count": cc.count, "x64": bool(jax.config.jax_enable_x64)}))
"""


def inputs(seed: int) -> ProbeInputs:
    """Nothing is drawn: the release fixes the sequence, and the prediction is a single number.

    Also starts the clean measurement in the background (once per grader process), so it runs while
    the first student's child does instead of after it."""
    _start_measurement()
    return ProbeInputs(seed=seed, params={})


_START_LOCK = threading.Lock()
_RUN_LOCK = threading.Lock()  # one clean measurement at a time: concurrent jobs wait for the first
_measurement_started = False


def _start_measurement() -> None:
    global _measurement_started
    with _START_LOCK:
        if _measurement_started:
            return
        _measurement_started = True

    def run() -> None:
        try:
            _measured()
        except GraderFault:
            pass  # the verdict measures again and reports the fault there

    threading.Thread(target=run, name="recompile-measurement", daemon=True).start()


def _measured() -> int:
    with _RUN_LOCK:
        return measure_compiles()


@functools.cache
def measure_compiles(sequence: str = RELEASE_SEQUENCE, function: str = RELEASE_FUNCTION,
                     jax_version: str = jax.__version__) -> int:
    """Compilations of `function` while running `sequence` in a fresh, student-free Python process."""
    del jax_version  # part of the cache key only: the child imports the same installed jax
    course_root = str(Path(jaxcourse.__file__).resolve().parent.parent)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JAX_", "XLA_", "PYTHON"))}
    env.update(JAX_PLATFORMS="cpu", PYTHONPATH=course_root)
    with tempfile.TemporaryDirectory(prefix="jaxgrade-recompile-") as tmp:
        try:
            proc = subprocess.run([sys.executable, "-P", "-s", "-c", _MEASURE], cwd=tmp, env=env,
                                  input=json.dumps({"sequence": sequence, "function": function}),
                                  capture_output=True, text=True, timeout=300, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise GraderFault(f"recompile: clean measurement could not run: {exc}") from exc
    try:
        doc = json.loads(proc.stdout.strip().splitlines()[-1])
        count = doc["count"]
    except (IndexError, ValueError, KeyError, TypeError) as exc:
        raise GraderFault(f"recompile: clean measurement failed (exit {proc.returncode}): "
                          f"{proc.stderr[-2000:]}") from exc
    if type(count) is not int or count < 1 or doc.get("x64") is not False:
        raise GraderFault(f"recompile: implausible clean measurement {doc!r}")
    return count


def verdict(inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
    measured = _measured()
    if obs.values.get("defined") is not True:
        msg = "没有找到 predicted_compiles:请在作答区写下 predicted_compiles = <你预测的编译次数>"
        return [CheckOutcome("exact_int", False, msg), CheckOutcome("matches_clean_measurement", False, msg)]
    try:
        type_name = obs.text("type_name", max_chars=200)
        exact = obs.raw("exact_int")
        if type(exact) is not bool:
            raise ObservationInvalid("exact_int", "观测结果的结构不对")
        prediction = obs.integer("value") if exact and type_name == "int" else None
    except ObservationInvalid as exc:
        msg = f"读取预测值失败:{exc.message_zh}"
        return [CheckOutcome("exact_int", False, msg), CheckOutcome("matches_clean_measurement", False, msg)]
    shown = obs.values.get("value")
    if prediction is None:
        detail = f"predicted_compiles 的类型是 {type_name}(值 {shown!r}),应为 int,例如 predicted_compiles = 3"
        if type_name == "ellipsis":
            detail = "predicted_compiles 还是占位的 ...:请把它换成你预测的整数,例如 predicted_compiles = 3"
        return [CheckOutcome("exact_int", False, detail),
                CheckOutcome("matches_clean_measurement", False, f"预测值不是 int,无法比较;{detail}")]
    if prediction == measured:
        match = CheckOutcome("matches_clean_measurement", True, f"预测 {prediction} 次,实测 {measured} 次")
    else:
        match = CheckOutcome("matches_clean_measurement", False,
                             f"预测 {prediction} 次,实测 {measured} 次。逐个调用想一想:"
                             "哪些东西属于 jit 的缓存键(形状、dtype、weak type、静态参数的值)?"
                             "默认 32 位模式下 float64 数组会怎样?")
    return [CheckOutcome("exact_int", True, f"类型是 int(值 {prediction})"), match]
