"""Grading that meets student data a decoding layer refuses, on a real Dask worker and locally (#20).

No student entry makes grading raise StudentInputError today: each decoding layer of the runner turns
data it refuses into an exercise's status (tests/test_parent_total.py). A StudentInputError that still
reaches the batch is the student's `malformed:unusable_input`, and a Dask task must carry it back as
that, not as a grader fault. `refused_grade` stands in for a grading whose layer let one through: it
raises what the observation stream's own decoder raises for h33_frame_dtype's array frame (dtype
"f3"). `refuse_grading` (sent with `client.run`, this module pickled by value:
`cloudpickle.register_pickle_by_value`) makes a worker's grade_task call it; `restore_grading` undoes it.
"""

from __future__ import annotations

from typing import Any

H33_FRAME = ("f3", [2**40, 2**40, 0], b"")  # dtype, shape, payload of tests/corpus/hostile/h33_frame_dtype
_REAL = "_jaxgrade_test_real_grade_submission"


def refused_grade(sub: Any, release: Any, settings: Any = None, **_kw: Any) -> Any:
    """A grade function (local `grade_fn`, or the worker's `grade_submission`) that raises the
    decoder's StudentInputError for h33's frame."""
    from autograder.grade.observation_stream import decode_array

    decode_array(*H33_FRAME)
    raise AssertionError("decode_array accepted the frame of h33_frame_dtype")


def refuse_grading() -> str:
    """On a worker: its grade_task grades with `refused_grade` until `restore_grading`."""
    from autograder.grade import run

    run.__dict__.setdefault(_REAL, run.grade_submission)
    run.grade_submission = refused_grade
    return "refusing"


def restore_grading() -> str:
    from autograder.grade import run

    run.grade_submission = run.__dict__.pop(_REAL, run.grade_submission)
    return "restored"
