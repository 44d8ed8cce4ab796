"""JSON codecs for what crosses a machine boundary: a StudentSubmission out, a StudentResult back.

Trusted side (client and worker both run it; no student code is executed here). A remote executor
(autograder/executors/) ships a submission as JSON text and gets JSON text back, never a pickled
object. The result is untrusted input for the client in the same way observations are for the
parent: `decode_result` parses it under a size cap and checks every field (known keys only, exercise
ids of the release, scores finite and within their maximum, maxima equal to the release's points,
statuses from the documented vocabulary) before the batch lets it near the gradebook. Anything off
is a `CodecError`, which the batch turns into `grader_error`, never a score.

Submission wire format (`jaxgrade-submission/1`, JSON object):
  format        "jaxgrade-submission/1"
  content_hash  str, 64 hex: intake's hash; the decoder recomputes it from the content and compares
  notebooks     {chapter: {"source_name": str, "notebook": nbformat-4 JSON object, "note_zh": str}}
  extra_files   {safe relative path: base64 str}
  problems_zh   [str]  intake notes for the student
  student_id    str: the id the grader knows (folder name, LMS/nbgrader/service login). It travels
                because it decides per-student variants (the recompile sequence); it is never a path.

Result wire format (`jaxgrade-result/1`, JSON object, at most MAX_RESULT_BYTES):
  format, content_hash, release_version   must match what was sent
  status        submission status: "ok", "not_submitted" or a status of messages.STATUS_ZH
  scores        {exercise id: {"score", "max_score": float, "status": str, "summary_zh": str,
                 "tests": [{"name": "<exercise>: ...", "score", "max_score": float,
                            "output_zh": str, "passed": bool}]}}
  phases        [{"name": str, "started_at": float (unix s), "duration_s": float, "outcome": str}]
  messages_zh   [str]   flags [str]
  kernel_builds {chapter: BuildStatus value} how the student's chosen kernel built, per chapter that had one
  behaviour     optional {exercise id: {"jaxprs": [[str]], "wrong": [str]}}: the grading run's fingerprint
                for the similarity report (grade/run/behaviour_read.py), and under "silu.cc" the kernel
                build's IR sequences as "jaxprs" (grade/kernel_ir.py); left out when the result would
                exceed MAX_RESULT_BYTES with it

Refusal wire format (`jaxgrade-refused/1`, JSON object), sent instead of a result when grading on the
worker met student data a decoding layer refused (a `StudentInputError`, the student's status):
  format, content_hash   content_hash must match what was sent
  detail, message_zh     the error's two texts; the client raises StudentInputError(detail, message_zh)
                         again, so the batch records what a local run records
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from typing import Any

from autograder.exercises import CHAPTERS, EXERCISE_IDS
from autograder.exercises.base import ExerciseScore, TestResult
from autograder.grade.intake import content_hash
from autograder.grade.run.behaviour_read import KERNEL_UNIT, ExerciseBehaviour
from autograder.messages import EXERCISE_STATUS_ZH, STATUS_ZH
from autograder.model import ChapterNotebook, Phase, ReleaseInfo, StudentResult, StudentSubmission
from autograder.states import BuildStatus
from autograder.student_input import StudentInputError, valid_text

SUBMISSION_FORMAT = "jaxgrade-submission/1"
RESULT_FORMAT = "jaxgrade-result/1"
REFUSAL_FORMAT = "jaxgrade-refused/1"
MAX_RESULT_BYTES = 4 * 2**20  # a real result is a few tens of kB
MAX_TEXT = 20_000  # characters of one student-facing text
MAX_NAME = 200
MAX_TESTS = 64  # per exercise
MAX_PHASES = 500
MAX_MESSAGES = 100
MAX_FLAGS = 32
MAX_STUDENT_ID = 1000  # ids come from file names and logins: far shorter in practice
MAX_REFUSAL_CHARS = 3 * MAX_TEXT  # two capped texts and four keys
_STATUS_RE = re.compile(r"[a-z][a-z0-9_]*(:[A-Za-z0-9_.\-]+)*")
_FLAG_RE = re.compile(r"[a-z][a-z0-9_]*")
_HASH_RE = re.compile(r"[0-9a-f]{64}")
SUBMISSION_STATUSES = frozenset(STATUS_ZH) | {"not_submitted"}
EXERCISE_STATUSES = frozenset(EXERCISE_STATUS_ZH)
_SLACK = 1e-9
RESULT_KEYS = {"format", "content_hash", "release_version", "status", "scores", "phases", "messages_zh",
               "flags", "kernel_builds"}  # fmt: skip


class CodecError(ValueError):
    """A message on the wire is not what the format allows (the grader's fault, never the student's)."""


# --------------------------------------------------------------------------------- submission


def encode_submission(sub: StudentSubmission) -> dict[str, Any]:
    if sub.status != "ok":
        raise CodecError(f"only gradable submissions travel (status {sub.status!r})")
    return {
        "format": SUBMISSION_FORMAT,
        "content_hash": sub.content_hash,
        "notebooks": {
            ch: {"source_name": nb.source_name, "notebook": nb.notebook, "note_zh": nb.note_zh}
            for ch, nb in sorted(sub.notebooks.items())
        },
        "extra_files": {
            path: base64.b64encode(data).decode("ascii") for path, data in sorted(sub.extra_files.items())
        },
        "problems_zh": list(sub.problems_zh),
        "student_id": sub.student_id,
    }


def _safe_relative(path: str) -> bool:
    parts = path.split("/")
    return (
        bool(path)
        and not path.startswith("/")
        and all(p not in ("", ".", "..") for p in parts)
        and "\0" not in path
    )


def decode_submission(doc: Any) -> StudentSubmission:
    """On the worker: rebuild the submission and prove its content hash."""
    keys = {"format", "content_hash", "notebooks", "extra_files", "problems_zh", "student_id"}
    _keys(doc, keys, "submission")
    if doc["format"] != SUBMISSION_FORMAT:
        raise CodecError(f"submission format {doc['format']!r}, expected {SUBMISSION_FORMAT!r}")
    claimed = _str(doc["content_hash"], "content_hash", 64)
    if not _HASH_RE.fullmatch(claimed):
        raise CodecError("content_hash is not 64 hex digits")
    notebooks: dict[str, ChapterNotebook] = {}
    if not isinstance(doc["notebooks"], dict):
        raise CodecError("notebooks is not an object")
    for ch, entry in doc["notebooks"].items():
        if ch not in CHAPTERS:
            raise CodecError(f"unknown chapter {ch!r}")
        _keys(entry, {"source_name", "notebook", "note_zh"}, f"notebooks.{ch}")
        nb = entry["notebook"]
        if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
            raise CodecError(f"notebooks.{ch}.notebook is not a notebook")
        notebooks[ch] = ChapterNotebook(ch, _str(entry["source_name"], "source_name", 4096), nb,
                                        _str(entry["note_zh"], "note_zh", MAX_TEXT))  # fmt: skip
    extras: dict[str, bytes] = {}
    if not isinstance(doc["extra_files"], dict):
        raise CodecError("extra_files is not an object")
    for path, b64 in doc["extra_files"].items():
        if not isinstance(path, str) or not _safe_relative(path):
            raise CodecError(f"extra file path {path!r} is not a safe relative path")
        try:
            extras[path] = base64.b64decode(_str(b64, "extra file", 2**31), validate=True)
        except (binascii.Error, ValueError) as exc:
            raise CodecError(f"extra file {path!r} is not base64") from exc
    problems = _str_list(doc["problems_zh"], "problems_zh", MAX_MESSAGES)
    try:
        actual = content_hash(notebooks, extras)
    except (KeyError, TypeError, AttributeError) as exc:
        raise CodecError(f"submission content cannot be hashed: {exc}") from exc
    if actual != claimed:
        raise CodecError("submission content does not match its content_hash")
    student = _str(doc["student_id"], "student_id", MAX_STUDENT_ID)
    if not student.strip() or any(ord(c) < 32 for c in student):
        raise CodecError("student_id is empty or holds control characters")
    return StudentSubmission(student, claimed, notebooks, extras, tuple(problems), "ok")


# --------------------------------------------------------------------------------- result


def encode_result(result: StudentResult) -> str:
    doc = {
        "format": RESULT_FORMAT,
        "content_hash": result.content_hash,
        "release_version": result.release_version,
        "status": result.status,
        "scores": {
            ex: {
                "score": s.score,
                "max_score": s.max_score,
                "status": s.status,
                "summary_zh": s.summary_zh,
                "tests": [
                    {
                        "name": t.name,
                        "score": t.score,
                        "max_score": t.max_score,
                        "output_zh": t.output_zh,
                        "passed": t.passed,
                    }
                    for t in s.tests
                ],  # fmt: skip
            }
            for ex, s in result.scores.items()
        },
        "phases": [
            {"name": p.name, "started_at": p.started_at, "duration_s": p.duration_s, "outcome": p.outcome}
            for p in result.phases
        ],
        "messages_zh": list(result.messages_zh),
        "flags": list(result.flags),
        "kernel_builds": dict(result.kernel_builds),
    }
    if result.behaviour:
        doc["behaviour"] = {ex: b.to_json() for ex, b in result.behaviour.items()}
    text = json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    if len(text) > MAX_RESULT_BYTES and "behaviour" in doc:  # the fingerprint is the one optional part
        del doc["behaviour"]
        text = json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text


def decode_result(
    text: Any, *, student_id: str, content_hash_hex: str, release: ReleaseInfo, exercises: tuple[str, ...]
) -> StudentResult:
    """On the client: the StudentResult a worker sent for this submission, or CodecError."""
    if not isinstance(text, str):
        raise CodecError(f"result is a {type(text).__name__}, expected JSON text")
    if len(text) > MAX_RESULT_BYTES:  # characters; a UTF-8 byte cap would be at most 4x this
        raise CodecError(f"result of {len(text)} characters exceeds {MAX_RESULT_BYTES}")

    def refuse_constant(name: str) -> float:
        raise CodecError(f"result holds the non-finite number {name}")

    try:
        doc = json.loads(text, parse_constant=refuse_constant)
    except ValueError as exc:
        if isinstance(exc, CodecError):
            raise
        raise CodecError(f"result is not JSON: {exc}") from exc
    _keys(doc, RESULT_KEYS | ({"behaviour"} & set(doc) if isinstance(doc, dict) else set()), "result")
    if doc["format"] != RESULT_FORMAT:
        raise CodecError(f"result format {doc['format']!r}, expected {RESULT_FORMAT!r}")
    if doc["content_hash"] != content_hash_hex:
        raise CodecError("result is for another submission (content_hash differs)")
    if doc["release_version"] != release.version:
        raise CodecError(
            f"result graded against release {doc['release_version']!r}, expected {release.version!r}"
        )
    status = _status(doc["status"], "status")
    if status.split(":", 1)[0] not in {s.split(":", 1)[0] for s in SUBMISSION_STATUSES}:
        raise CodecError(f"submission status {status!r} is not in the vocabulary")
    allowed = set(exercises or EXERCISE_IDS)
    if not isinstance(doc["scores"], dict):
        raise CodecError("scores is not an object")
    scores: dict[str, ExerciseScore] = {}
    for ex, entry in doc["scores"].items():
        if ex not in allowed:
            raise CodecError(f"result scores exercise {ex!r}, which was not graded")
        scores[ex] = _exercise_score(ex, entry, release.points[ex])
    if not isinstance(doc["phases"], list) or len(doc["phases"]) > MAX_PHASES:
        raise CodecError("phases is not a list of at most {MAX_PHASES}")
    phases = []
    for i, p in enumerate(doc["phases"]):
        _keys(p, {"name", "started_at", "duration_s", "outcome"}, f"phases[{i}]")
        phases.append(Phase(_str(p["name"], "phase name", MAX_NAME), _number(p["started_at"], "started_at"),
                            _number(p["duration_s"], "duration_s", low=0.0),
                            _str(p["outcome"], "phase outcome", MAX_NAME)))  # fmt: skip
    messages = _str_list(doc["messages_zh"], "messages_zh", MAX_MESSAGES)
    flags = _str_list(doc["flags"], "flags", MAX_FLAGS)
    for f in flags:
        if not _FLAG_RE.fullmatch(f) or len(f) > MAX_NAME:
            raise CodecError(f"flag {f[:80]!r} is not a flag name")
    builds = doc["kernel_builds"]
    known = {s.value for s in BuildStatus}
    if not isinstance(builds, dict) or not all(
        ch in CHAPTERS and isinstance(b, str) and b in known for ch, b in builds.items()
    ):
        raise CodecError("kernel_builds is not an object of chapter -> build status")
    behaviour = _behaviour(doc.get("behaviour", {}), allowed | {KERNEL_UNIT})
    return StudentResult(student_id, content_hash_hex, release.version, scores, status, tuple(phases),
                         tuple(messages), tuple(flags), dict(builds), behaviour)  # fmt: skip


def _behaviour(raw: Any, allowed: set[str]) -> dict[str, ExerciseBehaviour]:
    """The optional fingerprints (similarity report only): exercise ids of the release, each well formed."""
    if not isinstance(raw, dict):
        raise CodecError("behaviour is not an object")
    out = {}
    for ex, entry in raw.items():
        fp = ExerciseBehaviour.from_json(entry)
        if ex not in allowed or fp is None:
            raise CodecError(f"behaviour of {str(ex)[:80]!r} is not a fingerprint of a graded exercise")
        out[ex] = fp
    return out


def encode_refusal(content_hash_hex: str, exc: StudentInputError) -> str:
    """On the worker: grading raised `exc` on the student's data; what goes back instead of a result."""
    doc = {
        "format": REFUSAL_FORMAT,
        "content_hash": content_hash_hex,
        "detail": valid_text(exc.detail)[:MAX_TEXT],
        "message_zh": valid_text(exc.message_zh)[:MAX_TEXT],
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def decode_refusal(text: Any, *, content_hash_hex: str) -> StudentInputError | None:
    """On the client: the StudentInputError a worker's grading met for this submission when `text` is a
    refusal; None when it is not one (then `decode_result` checks it). CodecError for a refusal that
    breaks the format or is for another submission."""
    if not isinstance(text, str) or len(text) > MAX_REFUSAL_CHARS:
        return None
    try:
        doc = json.loads(text)
    except ValueError:
        return None  # not JSON: decode_result says so
    if not isinstance(doc, dict) or doc.get("format") != REFUSAL_FORMAT:
        return None
    _keys(doc, {"format", "content_hash", "detail", "message_zh"}, "refusal")
    if doc["content_hash"] != content_hash_hex:
        raise CodecError("refusal is for another submission (content_hash differs)")
    detail = valid_text(_str(doc["detail"], "refusal detail", MAX_TEXT))
    return StudentInputError(detail, valid_text(_str(doc["message_zh"], "refusal message_zh", MAX_TEXT)))


def _exercise_score(ex: str, entry: Any, points: float) -> ExerciseScore:
    _keys(entry, {"score", "max_score", "status", "summary_zh", "tests"}, f"scores.{ex}")
    max_score = _number(entry["max_score"], f"{ex}.max_score", low=0.0)
    if abs(max_score - points) > _SLACK:
        raise CodecError(f"{ex}: max_score {max_score} differs from the release's {points}")
    score = _number(entry["score"], f"{ex}.score", low=0.0, high=max_score)
    status = _status(entry["status"], f"{ex}.status")
    if status.split(":", 1)[0] not in EXERCISE_STATUSES:
        raise CodecError(f"{ex}: exercise status {status!r} is not in the vocabulary")
    tests_doc = entry["tests"]
    if not isinstance(tests_doc, list) or len(tests_doc) > MAX_TESTS:
        raise CodecError(f"{ex}: tests is not a list of at most {MAX_TESTS}")
    tests = []
    for i, t in enumerate(tests_doc):
        _keys(t, {"name", "score", "max_score", "output_zh", "passed"}, f"{ex}.tests[{i}]")
        name = _str(t["name"], "test name", MAX_NAME)
        if not name.startswith(f"{ex}: "):
            raise CodecError(f"{ex}: test name {name[:80]!r} does not belong to the exercise")
        t_max = _number(t["max_score"], f"{name} max_score", low=0.0, high=max_score)
        t_score = _number(t["score"], f"{name} score", low=0.0, high=t_max)
        if not isinstance(t["passed"], bool):
            raise CodecError(f"{name}: passed is not a boolean")
        tests.append(
            TestResult(name, t_score, t_max, _str(t["output_zh"], "test output", MAX_TEXT), t["passed"])
        )
    if sum(t.max_score for t in tests) > max_score + 1e-6 * max(1.0, max_score):
        raise CodecError(f"{ex}: the tests' maxima add up to more than the exercise's")
    return ExerciseScore(
        ex, score, max_score, tuple(tests), status, _str(entry["summary_zh"], "summary", MAX_TEXT)
    )


# --------------------------------------------------------------------------------- field checks


def _keys(doc: Any, wanted: set[str], what: str) -> None:
    if not isinstance(doc, dict):
        raise CodecError(f"{what} is not an object")
    if set(doc) != wanted:
        extra, missing = sorted(set(doc) - wanted), sorted(wanted - set(doc))
        raise CodecError(f"{what}: unexpected keys {extra[:5]} / missing keys {missing}")


def _str(value: Any, what: str, cap: int) -> str:
    if not isinstance(value, str):
        raise CodecError(f"{what} is not a string")
    if len(value) > cap:
        raise CodecError(f"{what} is longer than {cap} characters")
    return value


def _str_list(value: Any, what: str, cap: int) -> list[str]:
    if not isinstance(value, list) or len(value) > cap:
        raise CodecError(f"{what} is not a list of at most {cap} strings")
    return [_str(v, what, MAX_TEXT) for v in value]


def _status(value: Any, what: str) -> str:
    s = _str(value, what, MAX_NAME)
    if not _STATUS_RE.fullmatch(s):
        raise CodecError(f"{what} {s[:80]!r} is not a status")
    return s


def _number(value: Any, what: str, *, low: float | None = None, high: float | None = None) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise CodecError(f"{what} is not a finite number")
    v = float(value)
    if low is not None and v < low - _SLACK:
        raise CodecError(f"{what} {v} is below {low}")
    if high is not None and v > high + _SLACK:
        raise CodecError(f"{what} {v} is above {high}")
    return v
