"""The call sequences the checks drive (histogram, fusion and ffi_lowering's `calls`, recompile's
`sequence`) are the student's own: drawn by the real runner (`draw_inputs`, default content seed
policy) from the student's id, never from the submission's content, the clock or one fixed seed. So a
resubmission meets the same sequence again (it cannot be re-rolled until a buggy memo goes unseen)
and two students meet different ones (one student's passing answer is not everyone's)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from autograder.exercises import load
from autograder.grade.run.chapter import draw_inputs
from autograder.grade.run.job import Job
from autograder.grade.run.settings import RunSettings
from autograder.model import ReleaseInfo, StudentSubmission
from autograder.sandbox.hostview import HostViewSandbox
from jaxcourse.variants import POOL_FILE

# exercise -> the params key holding the sequence of calls its probe makes
SEQUENCES = {"histogram": "calls", "fusion": "calls", "ffi_lowering": "calls", "recompile": "sequence",
             "gammaln_callback": "calls", "silu_ffi": "calls",
             "reduce_sum_rules": "calls", "safe_distance": "calls"}
STUDENTS = [f"s{n:03d}" for n in range(40)]


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> ReleaseInfo:
    """A release folder holding what drawing the inputs reads: the recompile pool the course ships."""
    root = tmp_path_factory.mktemp("release")
    (root / "jaxcourse").mkdir()
    shutil.copy(POOL_FILE, root / "jaxcourse" / POOL_FILE.name)
    return ReleaseInfo("2026-fall", root, points={}, notebooks={})


def drawn_sequences(release: ReleaseInfo, tmp: Path, student_id: str, content_hash: str) -> dict[str, str]:
    """exercise -> its call sequence (as JSON) for this submission, drawn as the runner draws it."""
    catalog = {ex: load(ex) for ex in SEQUENCES}
    settings = RunSettings(isolation="rlimit", build_cache=tmp / "build", scratch_root=tmp / "scratch")
    job = Job.create(StudentSubmission(student_id, content_hash, {}), release, settings, HostViewSandbox(),
                     catalog, tmp / "job", tmp / "library")
    inputs = draw_inputs(job, [mod.EXERCISE for mod in catalog.values()])
    return {ex: json.dumps(inputs[ex].params[key], sort_keys=True) for ex, key in SEQUENCES.items()}


def test_a_resubmission_meets_the_same_call_sequences(release: ReleaseInfo, tmp_path: Path) -> None:
    """Other content (so another fresh seed), same student: every sequence is the same again."""
    for student in STUDENTS[:8]:
        first = drawn_sequences(release, tmp_path, student, "a" * 64)
        for content in ("b" * 64, "0123456789abcdef" * 4):
            assert drawn_sequences(release, tmp_path, student, content) == first, student


def test_students_meet_different_call_sequences(release: ReleaseInfo, tmp_path: Path) -> None:
    """Same content, other students: each exercise's sequence takes several values across a class."""
    drawn = [drawn_sequences(release, tmp_path, student, "a" * 64) for student in STUDENTS]
    for ex in SEQUENCES:
        assert len({d[ex] for d in drawn}) >= 2, ex
    assert len({d["recompile"] for d in drawn}) >= 3
