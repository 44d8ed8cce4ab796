"""The state enums are the one spelling of each state machine: the database, the service and the
stand-alone submit client agree with them."""

from __future__ import annotations

import ast
import sqlite3
from pathlib import Path

import pytest

from autograder.grade.gradebook import Gradebook
from autograder.states import ATTEMPT_FINISHED, AttemptState, SubmissionState

ROOT = Path(__file__).resolve().parents[1]


def test_gradebook_check_constraint_lists_exactly_the_submission_states(tmp_path: Path) -> None:
    with Gradebook(tmp_path / "g.sqlite") as gb:
        gb.receive("alice", at=1.0)
    db = sqlite3.connect(tmp_path / "g.sqlite")
    try:
        schema = db.execute("SELECT sql FROM sqlite_master WHERE name='submissions'").fetchone()[0]
        listed = schema.split("CHECK (state IN (", 1)[1].split(")", 1)[0]
        assert [s.strip().strip("'") for s in listed.split(",")] == [s.value for s in SubmissionState]
        assert db.execute("SELECT state FROM submissions").fetchone()[0] == SubmissionState.RECEIVED
        with pytest.raises(sqlite3.IntegrityError):
            db.execute("UPDATE submissions SET state='finished'")
    finally:
        db.close()


def test_service_states_are_the_attempt_states() -> None:
    from autograder.service.domain import core

    assert list(core.STATES) == [s.value for s in AttemptState]


def test_submit_client_spells_the_final_attempt_states_alike_and_imports_only_the_stdlib() -> None:
    path = ROOT / "autograder" / "commands" / "submit.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert "autograder" not in imported
    from autograder.commands import submit as submit_client

    assert set(submit_client.FINISHED) == set(ATTEMPT_FINISHED)
    assert submit_client.GRADER_ERROR == AttemptState.GRADER_ERROR


def test_the_result_codec_carries_the_student_kernel_build_status_and_refuses_other_values() -> None:
    import json

    from autograder.exercises import EXERCISE_IDS
    from autograder.grade.codec import CodecError, decode_result, encode_result
    from autograder.model import ReleaseInfo, StudentResult
    from autograder.states import BuildStatus

    release = ReleaseInfo("v1", ROOT, {ex: 10.0 for ex in EXERCISE_IDS}, {})
    result = StudentResult("s1", "ab" * 32, "v1", {}, "ok", kernel_builds={"ch05": BuildStatus.COMPILE_ERROR})
    text = encode_result(result)
    kwargs = {"student_id": "s1", "content_hash_hex": "ab" * 32, "release": release, "exercises": ()}
    assert decode_result(text, **kwargs).kernel_builds == {"ch05": "compile_error"}
    for bad in ({"ch09": "built"}, {"ch05": "exploded"}, {"ch05": ["built"]}, ["ch05"]):
        doc = json.loads(text) | {"kernel_builds": bad}
        with pytest.raises(CodecError, match="kernel_builds"):
            decode_result(json.dumps(doc), **kwargs)
