"""The behavioural channel of the similarity report: the child's jaxpr tap on real JAX tracing
(sandboxed/behaviour.py), the parent's reading of it as untrusted input (grade/run/behaviour_read.py,
grade/codec.py) and the scoring and report (similarity/behaviour.py, analyse.py, report.py).

The sandboxed path (a child in bwrap sends `__behaviour__`, the parent puts it in the result) runs
in the last test, on one notebook (slow: a real grading); the disguise benchmark's behaviour engines
(benchmarks/bench_similarity_disguise.py) grade its whole corpus that way.
"""

from __future__ import annotations

import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.grade.run.behaviour_read import (
    BehaviourFile,
    ExerciseBehaviour,
    fingerprint,
    read_behaviour_file,
    read_child_key,
    write_behaviour,
)
from autograder.model import ReleaseInfo
from autograder.observations import StudentError
from autograder.sandboxed.behaviour import MAX_JAXPRS, MAX_PRIMITIVES, JaxprTap
from autograder.sandboxed.wire import BEHAVIOUR_KEY
from autograder.similarity import analyse, report, units
from autograder.similarity.behaviour import CHANNEL_JAXPR, CHANNEL_WRONG, load_folder, score_pairs

from helpers.paths import RELEASE
from helpers.similarity import blank_result

_TAP = JaxprTap()
_TAP.install()  # once per process, as the child does
_CELLS = iter(range(10_000))


def _cell(src: str) -> dict:
    """The namespace after running `src` as an answer cell (compiled under IPython's cell file name)."""
    ns: dict = {"jnp": jnp, "jax": jax, "lax": jax.lax}
    exec(compile(src, f"<ipython-input-{next(_CELLS)}-test>", "exec"), ns)
    return ns


def _probe(fn) -> list[list[str]]:
    """What a probe does: trace the student's function under its own wrappers."""
    x = np.linspace(-1.0, 1.0, 12, dtype=np.float32).reshape(3, 4)
    _TAP.start()
    jax.jit(fn)(x)
    jax.jit(lambda v: fn(v.T) * 2.0)(x)  # the probe's own `* 2.0` is not the student's
    jax.jit(jax.grad(lambda v: jnp.sum(fn(v))))(x)
    return _TAP.finish()["jaxprs"]


ORIGINAL = """
def smooth(x):
    y = jnp.maximum(x, 0.0)
    for _ in range(2):
        y = y + jnp.sin(y) * 0.5
    return jnp.where(y > 1.0, 1.0, y)
"""
DISGUISED = """
import jax.lax as L
def _clip(a):
    return L.max(a, jnp.zeros_like(a))
def smooth(arr):
    unused = arr * 3.0  # dead code
    acc = _clip(arr)
    acc = acc + 0.5 * jnp.sin(acc)
    acc = acc + 0.5 * jnp.sin(acc)
    return jnp.where(acc > 1.0, 1.0, acc)
"""
OTHER = """
def smooth(x):
    return jnp.clip(jnp.tanh(x) * 2.0, 0.0, 1.0)
"""


def test_a_disguised_copy_traces_to_the_same_primitives_and_another_algorithm_does_not() -> None:
    original = _probe(_cell(ORIGINAL)["smooth"])
    disguised = _probe(_cell(DISGUISED)["smooth"])
    other = _probe(_cell(OTHER)["smooth"])
    assert original[0] == ["max", "sin", "mul", "add", "sin", "mul", "add", "gt"]
    # renamed, `lax` for `jnp`, a helper split off, the loop unrolled, dead code added: the same trace
    assert disguised == original
    assert other[0] == ["tanh", "mul"] and not set(map(tuple, other)) & set(map(tuple, original))
    # the probe's `v.T` and `* 2.0` are its own code: jit(fn) and the wrapped call trace alike (kept once)
    assert len(original) == 2 and not any("transpose" in seq for seq in original)


def test_outside_start_and_finish_nothing_is_collected_and_the_caps_hold() -> None:
    fn = _cell(ORIGINAL)["smooth"]
    jax.jit(fn)(np.ones(3, np.float32))
    _TAP.start()
    assert _TAP.finish() == {"jaxprs": []}
    many = _cell("def f(x):\n    for i in range(3000):\n        x = x + 1.0\n    return x\n")["f"]
    _TAP.start()
    jax.jit(many)(np.ones(2, np.float32))
    seqs = _TAP.finish()["jaxprs"]
    assert len(seqs) == 1 and len(seqs[0]) == MAX_PRIMITIVES


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=30),
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
        max_leaves=40,
    )
)
def test_the_parent_reads_any_forged_fingerprint_without_failing(raw: object) -> None:
    seqs = read_child_key({"jaxprs": raw})
    assert isinstance(seqs, tuple) and len(seqs) <= MAX_JAXPRS
    assert all(isinstance(n, str) for s in seqs for n in s)
    assert read_child_key(raw) == () or isinstance(raw, dict)


def test_oversized_or_malformed_fingerprints_are_dropped_whole() -> None:
    assert read_child_key({"jaxprs": [["add"]] * (MAX_JAXPRS + 1)}) == ()
    assert read_child_key({"jaxprs": [["add"] * (MAX_PRIMITIVES + 1)]}) == ()
    assert read_child_key({"jaxprs": [["add", "x" * 500]]}) == ()
    assert read_child_key({"jaxprs": [["add", "a\nb"]]}) == ()
    assert read_child_key({"jaxprs": [["add", "mul"]]}) == (("add", "mul"),)


def test_values_are_hashed_rounded_and_the_failed_sub_checks_named_by_a_hash() -> None:
    values = {BEHAVIOUR_KEY: {"jaxprs": [["sin"]]}, "jit.rect": np.array([1.0, 2.0], np.float32)}
    passed = fingerprint(values, [])
    failed = fingerprint(values, ["safe_distance: jit.rect"])
    assert passed is not None and passed.failed == "" and passed.jaxprs == (("sin",),)
    assert failed is not None and failed.failed and failed.values == passed.values and len(failed.values) == 1
    # the same output computed in another order (a last-bit difference) gives the same token
    noisy = fingerprint({"jit.rect": np.array([1.0000001, 2.0], np.float32)}, [])
    assert noisy is not None and noisy.values == passed.values
    assert "1.0" not in failed.values[0] and "jit.rect" not in failed.values[0]  # hashes only
    assert fingerprint({}, []) is None
    # an exception the call raised is no output: two answers misusing one API alike are no evidence
    error = StudentError("TypeError", "lax.max requires arguments to have the same dtypes")
    raised = fingerprint({"jit.rect": error}, ["safe_distance: jit.rect"])
    assert raised is None


def _fp(*seqs: str, values: tuple[str, ...] = (), failed: str = "") -> ExerciseBehaviour:
    return ExerciseBehaviour(tuple(tuple(s.split()) for s in seqs), values, failed)


COMMON = "broadcast_in_dim sub mul reduce_sum sqrt max"  # what most of the class traces


def test_rare_shared_primitives_flag_a_pair_and_what_the_class_or_the_reference_shares_does_not() -> None:
    rare = "sin cos mul exp log tanh add sub"
    class_ = {f"s{i}": _fp(COMMON) for i in range(10)}
    class_["copier"] = class_["source"] = _fp(COMMON, rare)
    matches = score_pairs(class_)
    assert set(matches) == {("copier", "source")}
    assert matches["copier", "source"].channels == (CHANNEL_JAXPR,)
    assert matches["copier", "source"].score > 0.9
    assert score_pairs(class_, reference=_fp(rare)) == {}  # both traced the master's jaxpr: no evidence


def test_a_shared_rare_wrong_value_on_the_same_failed_sub_checks_flags_a_pair() -> None:
    class_ = {f"s{i}": _fp(COMMON, values=("k:right",)) for i in range(10)}  # passed: the common value
    class_["s1"] = class_["s3"] = _fp(COMMON, values=("k:wrong",), failed="grad")
    class_["s5"] = class_["s6"] = _fp(COMMON, values=("k:right",), failed="grad")  # a correct value
    class_["s7"] = _fp(COMMON, values=("k:wrong2",), failed="grad")
    class_["s8"] = _fp(COMMON, values=("k:wrong2",), failed="jit")  # failed other sub-checks
    class_["s9"] = _fp(COMMON, values=("k:wrong3",))  # passed with this value: nothing wrong
    class_["s0"] = _fp(COMMON, values=("k:wrong3",), failed="grad")
    matches = score_pairs(class_)
    assert set(matches) == {("s1", "s3")} and matches["s1", "s3"].channels == (CHANNEL_WRONG,)


def test_the_report_says_which_channels_matched(tmp_path: Path) -> None:
    # the two answers share part of their code (0.36 alone, under the threshold); their runs share a
    # rare primitive sequence, which corroborates the code and raises the pair
    code_a = (
        "def safe_pairwise_distance(X, Y):\n    g = jnp.linalg.slogdet(X.T @ X)[1] * jnp.trace(Y @ Y.T)\n"
        "    return jnp.sqrt(jnp.sum((X[:, None] - Y[None]) ** 2, -1)) + g * 0\n"
    )
    code_b = (
        "def safe_pairwise_distance(A, B):\n    d = A @ B.T\n"
        "    n = (A * A).sum(1)[:, None] + (B * B).sum(1)\n"
        "    return jnp.sqrt(jnp.sum((A[:, None] - B[None]) ** 2, -1)) + jnp.maximum(n - 2 * d, 1e-12)\n"
    )
    students = [
        units.StudentUnits(s, {"safe_distance": code_a if s == "a" else code_b}, ()) for s in ("a", "b")
    ]
    rare = "dot_general mul reduce_sum add sub max sqrt"
    fps = {"a": {"safe_distance": _fp(rare)}, "b": {"safe_distance": _fp(rare)}}
    for i in range(8):
        fps[f"x{i}"] = {"safe_distance": _fp(COMMON)}
    (tmp_path / "a").mkdir()
    write_behaviour(tmp_path / "a", "a", fps["a"])
    assert read_behaviour_file(tmp_path / "a" / "behaviour.json") == BehaviourFile("a", fps["a"])
    assert load_folder(tmp_path) == {"a": fps["a"]}
    sub = units.Subtracted({}, {})
    result = analyse.analyse(students, sub, units=("safe_distance",), behaviour=fps)
    (pair,) = result.units["safe_distance"].pairs
    assert pair.channels == (CHANNEL_JAXPR,)
    assert pair.code_similarity is not None and 0.25 < pair.code_similarity < 0.5
    # behaviour corroborates code: it raises a pair by at most BEHAVIOUR_LIFT over its code score,
    # so two correct answers that share nothing as code are not flagged for tracing alike
    assert pair.similarity <= pair.code_similarity + analyse.BEHAVIOUR_LIFT + 1e-9
    other = (
        "def safe_pairwise_distance(P, Q):\n    return jnp.hypot(P.sum(-1)[:, None], jnp.cos(Q).prod(1))\n"
    )
    apart = [
        units.StudentUnits("a", {"safe_distance": code_a}),
        units.StudentUnits("b", {"safe_distance": other}),
    ]
    assert (
        analyse.analyse(apart, sub, units=("safe_distance",), behaviour=fps).units["safe_distance"].pairs
        == []
    )
    html = report.body_html(result)
    assert "matched on jaxpr; code alone" in html and "<td>jaxpr</td>" in html
    # what raised the pair: its rare shared primitive sequences, with how many of the class hold them
    assert "Raised by these rare shared features" in html and "held by 2 of 10 students" in html
    assert "Channels used: code, layout, vocabulary, jaxpr, wrong values." in html
    csv_rows = report.to_csv(result).splitlines()
    assert csv_rows[0].endswith(",channels,raised_by") and ",jaxpr,jaxpr: " in csv_rows[1]
    assert "(2 of 10)" in csv_rows[1]
    code_only = analyse.analyse(students, sub, units=("safe_distance",))
    assert code_only.units["safe_distance"].pairs == []
    used = "Channels used: code, layout, vocabulary (no grading output folder was given)."
    assert used in report.body_html(code_only)


def test_the_codec_carries_the_fingerprint_and_refuses_a_forged_one() -> None:
    from dataclasses import replace

    from autograder.grade import codec

    result = blank_result()
    with_fp = replace(result, behaviour={"safe_distance": _fp("sin cos")})
    release = ReleaseInfo.load(RELEASE)
    back = codec.decode_result(
        codec.encode_result(with_fp),
        student_id=result.student_id,
        content_hash_hex=result.content_hash,
        release=release,
        exercises=(),
    )
    assert back.behaviour == with_fp.behaviour
    doc = json.loads(codec.encode_result(with_fp))
    doc["behaviour"] = {"safe_distance": {"jaxprs": "x", "values": []}}
    with pytest.raises(codec.CodecError):
        codec.decode_result(
            json.dumps(doc),
            student_id=result.student_id,
            content_hash_hex=result.content_hash,
            release=release,
            exercises=(),
        )


@pytest.mark.slow
def test_a_real_grading_run_carries_the_students_trace_to_the_result(tmp_path: Path) -> None:
    """One chapter-2 notebook graded in the bwrap sandbox: the child's tap sends `__behaviour__`, the
    tripwire does not mind it, the parent puts the trace in the result and the score is unchanged."""
    import os
    import shutil

    from autograder.grade.run import RunSettings, grade_submission
    from autograder.model import ChapterNotebook, ReleaseInfo, StudentSubmission

    if os.geteuid() != 0 or shutil.which("bwrap") is None:
        pytest.skip("the bwrap sandbox needs root and bwrap")
    release = ReleaseInfo.load(RELEASE)
    answer = Path(__file__).resolve().parent / "corpus" / "answers" / "safe_distance" / "custom_jvp_sqrt.py"
    nb = json.loads(release.notebooks["ch02"].read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("jaxgrade", {})
        if meta.get("role") == "answer" and meta.get("exercise") == "safe_distance":
            cell["source"] = answer.read_text(encoding="utf-8")
    sub = StudentSubmission("s1", "b" * 64, {"ch02": ChapterNotebook("ch02", "s1.ipynb", nb)})
    settings = RunSettings(
        isolation="bwrap",
        exercises=("safe_distance",),
        build_cache=tmp_path / "cache",
        scratch_root=tmp_path / "scratch",
    )
    result = grade_submission(sub, ReleaseInfo.load(release.root), settings)
    score = result.scores["safe_distance"]
    assert score.status == "ok" and score.score == score.max_score, score.summary_zh
    fp = result.behaviour["safe_distance"]
    assert ("sub", "dot_general", "sqrt") in fp.jaxprs and fp.failed == "" and fp.values


def test_a_trace_cache_hit_is_not_walked_again() -> None:
    """JAX's trace cache hands back the same result: the tap walks it (dead-code pass included) once
    per probe, not on every call (3 ms per call of a 400-equation trace, bench_jaxpr_tap.py)."""
    fn = _cell(ORIGINAL)["smooth"]
    walked: list[int] = []
    dce = _TAP._dce
    _TAP._dce = lambda *a, **k: (walked.append(1), dce(*a, **k))[1]
    try:
        x = np.ones(3, np.float32)
        _TAP.start()
        for _ in range(5):
            jax.make_jaxpr(fn)(x)
        seqs = _TAP.finish()["jaxprs"]
    finally:
        _TAP._dce = dce
    assert len(seqs) == 1 and len(walked) == 1


def test_one_shared_uncommon_choice_inside_a_larger_answer_is_no_copy() -> None:
    """Two independent answers that both chose a sequential vmap share its loop's grams; all of the
    smaller one's rare weight is there, but the larger one did much else: over the union, < 0.5."""
    loop = "empty2 while lt dynamic_slice eval_jaxpr dynamic_update_slice add"
    class_ = {f"s{i}": _fp(COMMON) for i in range(10)}
    class_["small"] = _fp(COMMON, loop)
    class_["large"] = _fp(COMMON, loop, "pure_callback mul pure_callback mul transpose scan transpose scan")
    match = score_pairs(class_)["large", "small"]
    assert match.channels == (CHANNEL_JAXPR,) and match.score < 0.5
