"""The result contract between the grade host and the service worker is a file (grade/result_file.py).

- Every result the engine's encoder writes passes the JSON Schema and reads back as the same result.
- Any mutation of a valid document that breaks the format (a key dropped or added, a value of the
  wrong type, a number out of range, a truncated file, a file too large or missing) is refused with
  a `ResultFileError` whose status names the refusing check; nothing else escapes.
- The service stores scores as numbers and no grades.csv cells, and its exports print the numbers
  formatted through the ledger.
"""

from __future__ import annotations

import copy
import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from autograder.exercises import CHAPTERS
from autograder.exercises.base import ExerciseScore
from autograder.exercises.base import TestResult as CheckResult
from autograder.grade import codec, result_file
from autograder.grade.gradebook import Gradebook, safe_id
from autograder.model import ReleaseInfo, StudentResult
from autograder.service.domain.core import Service
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.storage import db

from helpers.paths import RELEASE

RELEASE_INFO = ReleaseInfo.load(RELEASE)
EXERCISES = tuple(RELEASE_INFO.points)
HASH = "ab" * 32
STATUSES = {"result_missing", "result_too_large", "result_not_json", "result_schema", "result_mismatch"}
# objects whose keys are data (exercise ids, chapters), not the format's fixed keys
DATA_KEYED = {("scores",), ("kernel_builds",)}


@st.composite
def results(draw: st.DrawFn) -> StudentResult:
    """A result as the engine records one: some exercises of the release, each with its tests."""
    graded = draw(st.lists(st.sampled_from(EXERCISES), min_size=1, max_size=3, unique=True))
    scores = {}
    for ex in graded:
        top = RELEASE_INFO.points[ex]
        n = draw(st.integers(0, 3))
        tests = []
        for i in range(n):
            t_max = top / max(n, 1)
            t_score = draw(st.floats(0, t_max))
            tests.append(
                CheckResult(f"{ex}: check {i}", t_score, t_max, draw(st.text(max_size=20)), t_score == t_max)
            )
        score = draw(st.floats(0, top))
        status = draw(st.sampled_from(["ok", "timeout", "crashed"]))
        scores[ex] = ExerciseScore(ex, score, top, tuple(tests), status, draw(st.text(max_size=30)))
    builds = draw(st.dictionaries(st.sampled_from(sorted(CHAPTERS)), st.sampled_from(["built", "cached"])))
    flags = tuple(draw(st.lists(st.sampled_from(["tampered", "late"]), max_size=2, unique=True)))
    messages = tuple(draw(st.lists(st.text(max_size=10), max_size=2)))
    status = draw(st.sampled_from(["ok", "timeout"]))
    return StudentResult("s1", HASH, RELEASE_INFO.version, scores, status, (), messages, flags, builds)


def write_doc(tmp: Path, doc: Any) -> Path:
    path = tmp / result_file.RESULT_FILE
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def read(path: Path, exercises: tuple[str, ...]) -> StudentResult:
    return result_file.read(path, student_id="s1", release=RELEASE_INFO, exercises=exercises)


def paths(doc: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every location in the document, by keys and indices from the root."""
    found = [at]
    if isinstance(doc, dict):
        for k, v in doc.items():
            found += paths(v, (*at, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            found += paths(v, (*at, i))
    return found


def get(doc: Any, at: tuple[Any, ...]) -> Any:
    for k in at:
        doc = doc[k]
    return doc


def wrong_type_for(value: Any) -> st.SearchStrategy[Any]:
    """A JSON value of another kind than `value` (a number where a text goes, ...)."""
    kinds = {
        "null": st.none(),
        "bool": st.booleans(),
        "number": st.integers(-5, 5) | st.floats(-10, 10, allow_nan=False),
        "text": st.text(max_size=5),
        "list": st.lists(st.integers(), max_size=2),
        "object": st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    }
    own = (
        "null" if value is None else "bool" if isinstance(value, bool)
        else "number" if isinstance(value, int | float) else "text" if isinstance(value, str)
        else "list" if isinstance(value, list) else "object"
    )  # fmt: skip
    return st.one_of(*(s for k, s in kinds.items() if k != own))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(result=results())
def test_every_encoded_result_passes_the_schema_and_reads_back(tmp_path: Path, result: StudentResult) -> None:
    doc = json.loads(codec.encode_result(result))
    assert result_file.schema_errors(doc) is None
    got = read(write_doc(tmp_path, doc), tuple(result.scores))
    assert got.scores == result.scores and got.status == result.status and got.flags == result.flags


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(result=results(), data=st.data())
def test_a_mutated_result_is_refused_with_a_status(
    tmp_path: Path, result: StudentResult, data: st.DataObject
) -> None:
    doc = json.loads(codec.encode_result(result))
    mutated = copy.deepcopy(doc)
    kind = data.draw(
        st.sampled_from(["drop_key", "add_key", "wrong_type", "out_of_range", "format", "truncate"])
    )
    raw: bytes | None = None
    if kind == "drop_key":  # every key of the format is required (data-keyed objects aside)
        keyed = [p for p in paths(doc) if p and isinstance(p[-1], str) and p[:-1] not in DATA_KEYED]
        at = data.draw(st.sampled_from(keyed))
        del get(mutated, at[:-1])[at[-1]]
    elif kind == "add_key":  # no object takes a key it does not know
        objects = [p for p in paths(doc) if isinstance(get(doc, p), dict)]
        at = data.draw(st.sampled_from(objects))
        key = data.draw(
            st.text(min_size=1, max_size=8).filter(lambda k: k not in get(doc, at) and k not in CHAPTERS)
        )
        get(mutated, at)[key] = data.draw(st.none() | st.integers() | st.text(max_size=4))
    elif kind == "wrong_type":
        leaves = [p for p in paths(doc) if p and not isinstance(get(doc, p), dict | list)]
        assume(leaves)
        at = data.draw(st.sampled_from(leaves))
        get(mutated, at[:-1])[at[-1]] = data.draw(wrong_type_for(get(doc, at)))
    elif kind == "out_of_range":  # a negative score, or more than the maximum
        numbers = [p for p in paths(doc) if p and p[-1] == "score"]
        at = data.draw(st.sampled_from(numbers))
        parent = get(mutated, at[:-1])
        parent["score"] = data.draw(st.sampled_from([-1.0, parent["max_score"] + 1.0, 1e308]))
    elif kind == "format":
        mutated["format"] = data.draw(st.sampled_from(["jaxgrade-result/2", "", codec.SUBMISSION_FORMAT]))
    else:
        text = json.dumps(doc).encode()
        raw = text[: data.draw(st.integers(0, len(text) - 1))]
    assume(raw is not None or mutated != doc)
    path = tmp_path / result_file.RESULT_FILE
    path.write_bytes(raw if raw is not None else json.dumps(mutated).encode())
    with pytest.raises(result_file.ResultFileError) as refused:
        read(path, tuple(result.scores))
    error = refused.value
    assert error.status in STATUSES and str(error).startswith(f"{error.status}: ")
    if error.status == "result_schema":
        assert str(error).startswith("result_schema: at $"), error  # names where in the document


def test_a_missing_or_oversized_file_has_its_own_status(tmp_path: Path) -> None:
    with pytest.raises(result_file.ResultFileError, match="^result_missing: "):
        read(tmp_path / "absent.json", ())
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (codec.MAX_RESULT_BYTES + 1))
    with pytest.raises(result_file.ResultFileError, match="^result_too_large: "):
        read(big, ())
    link = tmp_path / "link.json"
    link.symlink_to(big)
    with pytest.raises(result_file.ResultFileError, match="^result_missing: "):
        read(link, ())


# ---------------------------------------------------------------------------------------------
# The service keeps numbers, not cells


def batch_folder(out: Path, sid: str, points: dict[str, float]) -> None:
    """A finished batch folder as the grade host leaves it: gradebook, feedback, result file."""
    out.mkdir(parents=True)
    scores = {ex: ExerciseScore(ex, p, RELEASE_INFO.points[ex], (), "ok", "") for ex, p in points.items()}
    with Gradebook(out / "gradebook.sqlite") as gb:
        gb.receive(sid, 1.0)
        gb.mark_parsed(sid, HASH, 2.0)
        gb.mark_running(sid, 3.0)
        gb.record_result(
            StudentResult(sid, HASH, RELEASE_INFO.version, scores, "ok"), scope="", graded_at=4.0
        )
    (out / safe_id(sid)).mkdir()
    (out / safe_id(sid) / "feedback.html").write_text("<html></html>")
    result_file.write(out, sid)


def text_values(service: Service) -> list[str]:
    """Every text value in every table of the service database."""
    found = []
    with service.engine.connect() as conn:
        for table in sa.inspect(conn).get_table_names():
            for row in conn.execute(sa.text(f'SELECT * FROM "{table}"')):
                found += [v for v in row if isinstance(v, str)]
    return found


def test_the_service_stores_scores_as_numbers_and_no_csv_cells(tmp_path: Path) -> None:
    from autograder.service.app.worker import read_outcome

    (tmp_path / "roster.csv").write_text("student_id,name\ns1,A\n", encoding="utf-8")
    cfg = ServiceConfig(
        data_dir=tmp_path / "data", release=RELEASE, roster=tmp_path / "roster.csv", workers=0
    )
    service = Service(cfg)
    try:
        service.intake.submit("s1", [("x.ipynb", b"{}")])
        claimed = service.queue.claim_next("test")
        assert claimed is not None
        points = {"histogram": 7.0, "recompile": 2.5} | {ex: 0.0 for ex in EXERCISES[2:]}
        batch_folder(tmp_path / "out", "s1", points)
        assert service.queue.finish_graded(
            "test", claimed.id, read_outcome(tmp_path / "out", "s1", RELEASE_INFO)
        )
        for value in text_values(service):  # no grades.csv row or cell anywhere (e.g. '["s1", "7.00", ...')
            assert "7.00" not in value and "2.50" not in value, value
        assert "grades_row" not in {c.name for c in db.attempts.c} | {c.name for c in db.regrade_results.c}
        with service.engine.connect() as conn:
            stored = conn.execute(
                sa.text("SELECT exercise, points, typeof(points) FROM attempt_scores WHERE attempt_id = :a"),
                {"a": claimed.id},
            ).all()
        assert {ex: (p, kind) for ex, p, kind in stored} == {ex: (p, "real") for ex, p in points.items()}
        row = next(
            csv.DictReader(io.StringIO(service.exports.grades_csv()))
        )  # formatted at the edge, by the ledger
        assert (row["histogram"], row["recompile"], row["total"]) == ("7.00", "2.50", "9.50")
    finally:
        service.close()
