"""The XLA flags of the sandboxed children (autograder/sandboxed/xla_flags.py).

With `RunSettings.child_xla_flags` the runner sets `XLA_FLAGS` in every child's environment
(grade/run/job.py) to make XLA:CPU's code generation cheaper; by default it sets none. Pinned here:
a real sandboxed child sees exactly the flags asked for (and none by default), and the fast-compile
flags leave what the checks read from a compiled program (the `fusion` exercise's fusion count and
bytes accessed, measured by trusted code) as it is without them.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from autograder.model import ChapterNotebook, ReleaseInfo, StudentSubmission
from autograder.release.compile_cache import with_answers
from autograder.sandboxed.xla_flags import FAST_COMPILE_XLA_FLAGS

from helpers.paths import RELEASE, REPO

UIDS = tuple(range(65488, 65490))  # private to this test (the runner takes one per job with an flock)

# The answer cell reports the environment the child runs with, and whether the backend accepted
# the flags, in the message of the error it raises (the feedback shows a cell's first error line).
REPORT_CELL = r"""
import json, os
import jax, jax.numpy as jnp
_y = float(jax.jit(lambda v: jnp.sum(v * 2.0))(jnp.arange(4.0)))
raise RuntimeError("jaxgrade_xla_report " + json.dumps({"flags": os.environ.get("XLA_FLAGS"), "y": _y}))
"""

MEASURE = """
import json, sys
from autograder.exercises import fusion
print(json.dumps({s: fusion._measure_fresh(fusion.inputs(0, structure_seed=s).params) for s in (0, 1, 2)}))
"""


@pytest.mark.parametrize("flags", ["", FAST_COMPILE_XLA_FLAGS])
def test_a_sandboxed_child_runs_with_the_xla_flags_asked_for(flags: str) -> None:
    if os.geteuid() != 0 or shutil.which("bwrap") is None:
        pytest.skip("real sandbox unavailable: needs root (sandbox uids) and bwrap")
    from autograder.grade.run import RunSettings, grade_submission

    release = ReleaseInfo.load(RELEASE)
    released = json.loads(release.notebooks["ch02"].read_text(encoding="utf-8"))
    nb = with_answers(released, {"safe_distance": [REPORT_CELL]})
    sub = StudentSubmission("xla-flags", hashlib.sha256(REPORT_CELL.encode()).hexdigest(),
                            {"ch02": ChapterNotebook("ch02", "ch02.ipynb", nb)})
    work = Path(tempfile.mkdtemp(prefix="jaxgrade-xla-flags-"))
    settings = RunSettings(isolation="bwrap", exercises=("safe_distance",), build_cache=work / "build",
                           scratch_root=work / "scratch", uids=UIDS, child_xla_flags=flags)
    try:
        result = grade_submission(sub, release, settings)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    summary = result.scores["safe_distance"].summary_zh
    assert "jaxgrade_xla_report" in summary, summary
    report = json.loads(summary.split("jaxgrade_xla_report ", 1)[1].split("\n", 1)[0])
    # exactly the flags asked for (unset by default), and the backend accepted them: it compiled
    assert report == {"flags": flags or None, "y": 12.0}, report


def _measure(xla_flags: str | None) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "XLA_FLAGS"}
    env.update(JAX_PLATFORMS="cpu", PYTHONPATH=str(REPO), **({"XLA_FLAGS": xla_flags} if xla_flags else {}))
    proc = subprocess.run([sys.executable, "-c", MEASURE], env=env, capture_output=True, text=True,
                          check=True, timeout=600)
    return json.loads(proc.stdout)


def test_the_child_flags_leave_the_optimised_hlo_the_fusion_checks_read() -> None:
    """The parent measures `fusion`'s cases without the flags and the student's report comes from a
    child with them: they must agree (count of fusions and bytes accessed on every case)."""
    plain, flagged = _measure(None), _measure(FAST_COMPILE_XLA_FLAGS)
    assert len(plain) == 3 and all(len(cases) >= 9 for cases in plain.values()), plain
    assert flagged == plain
