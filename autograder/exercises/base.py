"""What every exercise module declares, and how its sub-check outcomes become a score.

An exercise module `autograder/exercises/<id>.py` (trusted side) exposes exactly:
  EXERCISE  an `Exercise` (id, chapter, sub-checks with points, what the probe relies on)
  inputs    inputs(seed: int, *, structure_seed: int) -> ProbeInputs; drawn in the parent: what shapes
            the compiled programs from `structure_seed` (a pool entry, see structure_pool.py), array
            values from the fresh `seed` (an exercise with `per_student` takes
            `inputs(seed, *, student_id, release_root)`)
  (probe)   the child-side function `probe` of `EXERCISE.probe_module`
            (autograder/sandboxed/probes/<id>.py): named, never imported by declaring the exercise
  verdict   verdict(inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]; judges in the parent
The child probe has the signature probe(ns: dict, inp: dict, rec: Recorder) -> None, where `ns` is
the student's notebook namespace and `inp` maps the ProbeInputs' names to arrays / plain values.

Points come from behaviour on fresh inputs (docs/architecture.md, "Points for behaviour"). A property
that a trivial answer also has (a type, a shape, finiteness, anything every constant satisfies, the
presence of the taught mechanism) is either a gate (`gate=True`: failing it zeroes the exercise) or
earns its points only together with the behaviour it depends on (`counts_with`: at least one of the
named sub-checks must pass as well). Each exercise module lists its gates and dependencies in its
docstring; `score_outcomes` applies them.

A verdict that finds nothing to judge (the interface is missing or still the template) returns
`unanswered(EXERCISE, hint)`: the exercise scores 0 with status "unanswered" and one line of feedback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from autograder.i18n import _
from autograder.messages import (
    COUNTS_WITH_ANY_ZH,
    COUNTS_WITH_ONE_ZH,
    FAILED_ZH,
    GATE_FAILED_ZH,
    GATE_UNMET_ZH,
    LOST_ZH,
    NO_CHECK_RESULT_ZH,
    PASSED_ZH,
    TAMPERED_MARK_ZH,
    TAMPERED_NOTHING_OBSERVED_ZH,
    TAMPERED_ZH,
    UNANSWERED_ZH,
    UNSCORED_ZH,
    Status,
)
from autograder.model import ExerciseScore, TestResult
from autograder.observations import ObservationInvalid, Observations


@dataclass(frozen=True)
class SubCheck:
    name: str  # English, stable: the results.json test is named "<exercise id>: <name>"
    points: float
    title_zh: str  # the property, as the student reads it
    gate: bool = False  # structural check of the taught mechanism: if it fails the exercise scores 0
    # A property trivial answers share: its points count only when at least one of these behaviour
    # sub-checks passes too (it still shows as passed, with a note that it earned nothing).
    counts_with: tuple[str, ...] = ()


@dataclass(frozen=True)
class Exercise:
    id: str
    chapter: str  # "ch02" or "ch05"
    title_zh: str
    subchecks: tuple[SubCheck, ...]
    relies_on: tuple[str, ...] = ()  # dotted names checked for tampering before the probe runs
    kernel_probe: bool = False  # also run autograder.sandboxed.probes.<id>.kernel_probe on the built kernel
    # inputs(seed, *, student_id, release_root): the variant of the student the grader knows (folder or
    # file name, LMS student, service login), drawn from a pool the release carries
    per_student: bool = False
    timeout_s: float = 120.0

    def __post_init__(self) -> None:
        names = {s.name for s in self.subchecks}
        for s in self.subchecks:
            unknown = set(s.counts_with) - names
            if unknown or s.name in s.counts_with:
                raise ValueError(f"{self.id}: {s.name} counts with unknown sub-checks {sorted(unknown)}")

    @property
    def probe_module(self) -> str:
        """The child-side module with `probe` (and `kernel_probe`) of this exercise."""
        return f"autograder.sandboxed.probes.{self.id}"

    @property
    def max_points(self) -> float:
        return sum(s.points for s in self.subchecks)

    def subcheck(self, name: str) -> SubCheck:
        for s in self.subchecks:
            if s.name == name:
                return s
        raise KeyError(name)


@dataclass(frozen=True)
class ProbeInputs:
    """Inputs the parent draws for one probe run; crosses into the child as JSON + .npy."""

    seed: int
    arrays: dict[str, np.ndarray] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)  # plain JSON data only


@dataclass(frozen=True)
class CheckOutcome:
    name: str  # a SubCheck.name of the exercise
    passed: bool
    detail_zh: str = ""  # which property failed and how (never the check's code or a hidden expected value)
    unanswered: bool = False  # nothing to judge: the interface is missing or still the release template


def zero_score(ex: Exercise, status: str, summary_zh: str, *, points: float | None = None,
               mark_zh: str = FAILED_ZH) -> ExerciseScore:
    """0 points with one failed test per sub-check ("<title>:<mark_zh>", names stable), out of
    `points` (default: the exercise's own, each sub-check's share scaled alike)."""
    scale = None if points is None else points / ex.max_points if ex.max_points else 0.0
    tests = tuple(TestResult(f"{ex.id}: {s.name}", 0.0, s.points if scale is None else s.points * scale,
                             f"{_(s.title_zh)}:{_(mark_zh)}", False) for s in ex.subchecks)
    return ExerciseScore(ex.id, 0.0, ex.max_points if points is None else points, tests, status, summary_zh)


def observed_nothing(obs: Observations) -> bool:
    """The probe recorded nothing (it did not run, e.g. after detected tampering, or died at once)."""
    return not any(not k.split(".")[-1].startswith("__") for k in obs.values)


def lost(ex: Exercise) -> list[CheckOutcome]:
    """Every sub-check of `ex` without observations to judge."""
    return [CheckOutcome(s.name, False, _(LOST_ZH)) for s in ex.subchecks]


def unanswered(ex: Exercise, hint_zh: str) -> list[CheckOutcome]:
    """Every sub-check of `ex` unanswered; `hint_zh` says what the grader looked for (one short line)."""
    return [CheckOutcome(s.name, False, hint_zh, unanswered=True) for s in ex.subchecks]


def _dependency_note(sub: SubCheck, ex: Exercise) -> str:
    titles = _("、").join(
        _("「{title_zh}」").format(title_zh=_(ex.subcheck(n).title_zh)) for n in sub.counts_with
    )
    return _(COUNTS_WITH_ONE_ZH if len(sub.counts_with) == 1 else COUNTS_WITH_ANY_ZH).format(titles=titles)


def score_outcomes(ex: Exercise, outcomes: list[CheckOutcome], *,
                   tampered: tuple[str, ...] = ()) -> ExerciseScore:
    """Sum the passed sub-checks whose dependencies hold; a failed gate or detected tampering zeroes
    the exercise; an all-unanswered verdict becomes status "unanswered" with one line of feedback."""
    by_name = {o.name: o for o in outcomes}
    unknown = set(by_name) - {s.name for s in ex.subchecks}
    if unknown:
        raise ValueError(f"{ex.id}: verdict returned unknown sub-checks {sorted(unknown)}")
    if tampered:
        labels = ", ".join(tampered)
        if all(o.unanswered or o.detail_zh == _(LOST_ZH) for o in outcomes):  # nothing was observed
            tests = tuple(TestResult(f"{ex.id}: {s.name}", 0.0, s.points, f"{_(s.title_zh)}:{_(UNSCORED_ZH)}",
                                     False) for s in ex.subchecks)
            summary = _(TAMPERED_NOTHING_OBSERVED_ZH).format(labels=labels)
            return ExerciseScore(ex.id, 0.0, ex.max_points, tests, Status.TAMPERED, summary)
        tests = []
        for s in ex.subchecks:  # what was observed, for the record; nothing counts
            o = by_name.get(s.name, CheckOutcome(s.name, False, _(LOST_ZH)))
            mark = _(TAMPERED_MARK_ZH).format(mark=_(PASSED_ZH if o.passed else FAILED_ZH))
            text = f"{_(s.title_zh)}:{mark}" + (
                _("。{detail_zh}").format(detail_zh=o.detail_zh) if o.detail_zh else ""
            )
            tests.append(TestResult(f"{ex.id}: {s.name}", 0.0, s.points, text, o.passed))
        summary = _(TAMPERED_ZH).format(labels=labels)
        return ExerciseScore(ex.id, 0.0, ex.max_points, tuple(tests), Status.TAMPERED, summary)
    if outcomes and all(o.unanswered for o in outcomes):
        hint = next((o.detail_zh for o in outcomes if o.detail_zh), "")
        tests = tuple(
            TestResult(f"{ex.id}: {s.name}", 0.0, s.points, f"{_(s.title_zh)}:{_(UNANSWERED_ZH)}", False)
            for s in ex.subchecks
        )
        summary = _(UNANSWERED_ZH) + (f"({hint})" if hint else "")
        return ExerciseScore(ex.id, 0.0, ex.max_points, tests, Status.UNANSWERED, summary)
    passed = {s.name for s in ex.subchecks if s.name in by_name and by_name[s.name].passed}
    failed_gates = [s for s in ex.subchecks if s.gate and s.name not in passed]
    tests = []
    for s in ex.subchecks:
        o = by_name.get(s.name, CheckOutcome(s.name, False, _(NO_CHECK_RESULT_ZH)))
        counts = not s.counts_with or any(n in passed for n in s.counts_with)
        earned = s.points if o.passed and counts and not failed_gates else 0.0
        mark = _(PASSED_ZH if o.passed else FAILED_ZH)
        detail = o.detail_zh
        if o.passed and not counts:
            detail = (f"{detail};" if detail else "") + _dependency_note(s, ex)
        text = f"{_(s.title_zh)}:{mark}" + (_("。{detail}").format(detail=detail) if detail else "")
        tests.append(TestResult(f"{ex.id}: {s.name}", earned, s.points, text, o.passed))
    if failed_gates:
        status = Status.GATE_FAILED
        gates = ";".join(_(GATE_UNMET_ZH).format(title=_(g.title_zh)) for g in failed_gates)
        summary = _(GATE_FAILED_ZH).format(gates=gates)
    else:
        status = Status.OK
        summary = ""
    return ExerciseScore(ex.id, sum(t.score for t in tests), ex.max_points, tuple(tests), status, summary)


# --- shared verdict helpers (numeric comparisons against float64 expectations computed in the parent)

_EXCEPTION_LINE = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt)\b:?")


def student_error_zh(obs: Observations, key: str) -> str | None:
    """The first meaningful line of the error the student's code raised while observing `key`, or None.

    JAX appends a "For simplicity, JAX has removed its internal frames" note to its exceptions; the
    generic reader would show that note (the last line) instead of the actual error.
    """
    err = obs.error(key)
    if err is None:
        return None
    noise = ("For simplicity, JAX has removed", "----", "File ", "…")
    lines = [ln.strip() for ln in err.message.splitlines() if ln.strip() and not ln.strip().startswith(noise)]
    if not lines:
        return _("运行时出错:{type}").format(type=err.type)
    if lines[0].endswith("Traceback (most recent call last):"):  # an error raised inside a host callback
        causes = [ln for ln in lines[1:] if _EXCEPTION_LINE.match(ln)]
        return _("回调函数在主机上出错:{value}").format(value=(causes[-1] if causes else lines[0])[:240])
    return _("运行时出错:{value}").format(value=lines[0][:240])


def mismatch_zh(got: np.ndarray, bad: np.ndarray) -> str:
    """How observed values differ from the reference, without stating the reference values."""
    got = np.asarray(got, np.float64)
    shape = _("形状 {shape}").format(shape=got.shape)
    if got.size and not np.any(got):
        return _("结果全是 0,与参考不符({shape})").format(shape=shape)
    if got.size > 1 and np.all(got == got.flat[0]):
        return _("结果处处相同(常数),与参考不符({shape})").format(shape=shape)
    return _("{int}/{size} 个元素与参考不符({shape})").format(
        int=int(np.count_nonzero(bad)), size=bad.size, shape=shape
    )


# How far float32 arithmetic may drift per unit of the summed terms' magnitude: 32 float32 ulps of 1
# (a pairwise sum of n terms errs by about log2(n) ulps of the sum of their magnitudes).
FLOAT32_ROUNDING = 32 * 2.0 ** -24


class ArrayCases:
    """Compares observed arrays of one sub-check with float64 expectations; keeps the problems found.

    A value passes when |got - expected| <= atol + rtol * |expected| elementwise, with
    atol = rtol * max(1, max|expected|) + FLOAT32_ROUNDING * max|scale| unless given: errors are
    judged against the array's magnitude and, where the caller knows it, against the magnitude of
    the terms it was computed from (`scale`, e.g. sum |x| for sum x), so an expected exact 0 reached
    by cancelling large terms accepts the float32 rounding a right answer has there.
    """

    def __init__(self, obs: Observations, *, dtype: str | None = "float32"):
        self.obs = obs
        self.dtype = dtype
        self.problems: list[str] = []
        self.max_err = 0.0
        self.n = 0

    def close(self, key: str, expected: Any, what_zh: str, *, rtol: float, atol: float | None = None,
              finite: bool = True, scale: Any = None) -> np.ndarray | None:
        """Check one observation; returns the observed array when it had the right shape and dtype."""
        self.n += 1
        expected = np.asarray(expected, np.float64)
        raised = student_error_zh(self.obs, key)
        if raised:
            self.problems.append(f"{what_zh}:{raised}")
            return None
        try:
            got = self.obs.array(key, shape=expected.shape, kinds="f", dtype=self.dtype)
        except ObservationInvalid as exc:
            self.problems.append(f"{what_zh}:{exc.message_zh}")
            return None
        got64 = got.astype(np.float64)
        if finite and not np.all(np.isfinite(got64)):
            bad = int(np.sum(~np.isfinite(got64)))
            self.problems.append(_("{what_zh}:结果含 {bad} 个 NaN 或 inf").format(what_zh=what_zh, bad=bad))
            return got
        if atol is None:
            atol = rtol * max(1.0, float(np.max(np.abs(expected)))) if expected.size else rtol
            if scale is not None and np.size(scale):
                atol += FLOAT32_ROUNDING * float(np.max(np.abs(np.asarray(scale, np.float64))))
        err = np.abs(got64 - expected)
        if err.size:
            self.max_err = max(self.max_err, float(err.max()))
            bad = err > atol + rtol * np.abs(expected)
            if np.any(bad):
                self.problems.append(
                    _("{what_zh}:{mismatch_zh}(容差 rtol={rtol:g})").format(
                        what_zh=what_zh, mismatch_zh=mismatch_zh(got64, bad), rtol=rtol
                    )
                )
        return got

    def fail(self, problem_zh: str) -> None:
        self.problems.append(problem_zh)

    def outcome(self, name: str) -> CheckOutcome:
        if self.problems:
            more = (
                _("(另有 {value} 处不符)").format(value=len(self.problems) - 2)
                if len(self.problems) > 2
                else ""
            )
            return CheckOutcome(name, False, ";".join(self.problems[:2]) + more)
        return CheckOutcome(
            name, True, _("{n} 种情形全部相符,最大误差 {max_err:.2g}").format(n=self.n, max_err=self.max_err)
        )
