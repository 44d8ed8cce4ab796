"""The result file: one `jaxgrade-result/1` JSON document per graded attempt, between two processes.

    write(out, student_id, exercises)  the grade host (commands/grade_host.py), after its batch
    read(path, release=..., exercises=...)  the service worker (service/app/worker.py)

The grade host is the engine's side: it reads its own batch's gradebook and writes the attempt's
result as `OUT/result.json` (`codec.encode_result`, only the exercises it was asked to grade). The
worker never opens that gradebook. It reads the file as the parent reads a child's output: at most
`codec.MAX_RESULT_BYTES`, never through a symlink or a FIFO (`untrusted_json.read_capped`), parsed
with a nesting cap (`untrusted_json.loads`), validated against RESULT_SCHEMA (JSON Schema 2020-12:
the shape, the types, the caps), then checked against the release (`codec.decode_result`: maxima
equal to the release's points, scores within them, only the graded exercises, statuses of the
vocabulary). Anything off is a `ResultFileError` whose `status` says which check refused it; the
worker turns it into a grader fault, never into a score.

The file also lists the attempt's artefacts (`artefacts`: feedback HTML, the grader's log, the
behaviour fingerprints, the quiz answers with their scores), files of the student's folder in OUT,
each with its size and sha256. `read_graded` reads each one under its kind's cap (ARTEFACT_CAPS) and
proves its size and digest: the service keeps those bytes (its blob store) and never reads OUT again.

The schema is the format's reference (docs/reference/result-format.md prints it).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from autograder.grade import codec
from autograder.grade.gradebook import Gradebook, safe_id
from autograder.grade.run.behaviour_read import MAX_FILE_BYTES as MAX_BEHAVIOUR_BYTES
from autograder.messages import message
from autograder.model import ReleaseInfo, StudentResult
from autograder.untrusted_json import UnreadableFile, UntrustedJSONError, loads, read_capped

RESULT_FILE = "result.json"  # in the batch's OUT folder, beside gradebook.sqlite

# The artefacts a graded attempt hands the service: kind -> its file in the student's OUT folder.
ARTEFACT_FILES = {
    "feedback_html": "feedback.html",  # the student's feedback page (required of a graded attempt)
    "results_json": "results.json",  # the grader's log of every check (the TA's attempt page)
    "behaviour": "behaviour.json",  # the run's fingerprints (the similarity report)
    "quiz": "quiz_scores.json",  # the quiz answers as the grader scored them (QUIZ_SCHEMA)
}
# Bytes each kind may have: the service stores what it reads, so a runaway file is a grader fault.
ARTEFACT_CAPS = {
    "feedback_html": 8 * 2**20,
    "results_json": 8 * 2**20,
    "behaviour": MAX_BEHAVIOUR_BYTES,
    "quiz": 4 * 2**20,
}
REQUIRED_ARTEFACTS = ("feedback_html",)
QUIZ_FORMAT = "jaxgrade-quiz-scores/1"
MAX_QUIZ_QUESTIONS = 500

_TEXT = {"type": "string", "maxLength": codec.MAX_TEXT}
_NAME = {"type": "string", "maxLength": codec.MAX_NAME}
_POINTS = {"type": "number", "minimum": 0}
_TEST = {
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "score", "max_score", "output_zh", "passed"],
    "properties": {
        "name": _NAME,
        "score": _POINTS,
        "max_score": _POINTS,
        "output_zh": _TEXT,
        "passed": {"type": "boolean"},
    },
}
_EXERCISE = {
    "type": "object",
    "additionalProperties": False,
    "required": ["score", "max_score", "status", "summary_zh", "tests"],
    "properties": {
        "score": _POINTS,
        "max_score": _POINTS,
        "status": {**_NAME, "pattern": r"^[a-z][a-z0-9_]*(:[A-Za-z0-9_.\-]+)*$"},
        "summary_zh": _TEXT,
        "tests": {"type": "array", "maxItems": codec.MAX_TESTS, "items": _TEST},
    },
}
_PHASE = {
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "started_at", "duration_s", "outcome"],
    "properties": {"name": _NAME, "started_at": {"type": "number"}, "duration_s": _POINTS, "outcome": _NAME},
}
_ARTEFACTS = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        kind: {
            "type": "object",
            "additionalProperties": False,
            "required": ["path", "bytes", "sha256"],
            "properties": {
                # <the student's folder in OUT>/<the kind's file name>: never absolute, never `..`
                "path": {"type": "string", "maxLength": 300,
                         "pattern": f"^[A-Za-z0-9][A-Za-z0-9._-]{{0,127}}/{re.escape(name)}$"},
                "bytes": {"type": "integer", "minimum": 0, "maximum": ARTEFACT_CAPS[kind]},
                "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
            },
        }
        for kind, name in ARTEFACT_FILES.items()
    },
}  # fmt: skip
RESULT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://jaxgrade.invalid/schemas/jaxgrade-result-1.json",
    "title": codec.RESULT_FORMAT,
    "type": "object",
    "additionalProperties": False,
    "required": sorted(codec.RESULT_KEYS),
    "properties": {
        "format": {"const": codec.RESULT_FORMAT},
        "content_hash": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "release_version": _NAME,
        "status": {**_NAME, "pattern": r"^[a-z][a-z0-9_]*(:[A-Za-z0-9_.\-]+)*$"},
        "scores": {
            "type": "object",
            "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$", "maxLength": codec.MAX_NAME},
            "additionalProperties": _EXERCISE,
        },
        "phases": {"type": "array", "maxItems": codec.MAX_PHASES, "items": _PHASE},
        "messages_zh": {"type": "array", "maxItems": codec.MAX_MESSAGES, "items": _TEXT},
        "flags": {
            "type": "array",
            "maxItems": codec.MAX_FLAGS,
            "items": {**_NAME, "pattern": "^[a-z][a-z0-9_]*$"},
        },
        "kernel_builds": {"type": "object", "additionalProperties": {"type": "string"}},
        "artefacts": _ARTEFACTS,
    },
}
_VALIDATOR = Draft202012Validator(RESULT_SCHEMA)
_QUESTION = {
    "type": "object",
    "additionalProperties": False,
    "required": ["question", "kind", "status", "max_points", "points", "letters", "chosen", "text",
                 "reason_zh"],
    "properties": {
        "question": _NAME,
        "kind": {"enum": ["choice", "written"]},
        "status": {**_NAME, "pattern": "^[a-z][a-z_]*$"},
        "max_points": _POINTS,
        "points": {"anyOf": [_POINTS, {"type": "null"}]},
        "letters": {"type": "array", "maxItems": 26, "items": {"type": "string", "maxLength": 4}},
        "chosen": {"type": "array", "maxItems": 26, "items": {"type": "integer", "minimum": 0}},
        "text": {"type": "string", "maxLength": 200_000},
        "reason_zh": _TEXT,
    },
}
QUIZ_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": QUIZ_FORMAT,
    "type": "object",
    "additionalProperties": False,
    "required": ["format", "questions"],
    "properties": {
        "format": {"const": QUIZ_FORMAT},
        "questions": {"type": "array", "maxItems": MAX_QUIZ_QUESTIONS, "items": _QUESTION},
    },
}
_QUIZ_VALIDATOR = Draft202012Validator(QUIZ_SCHEMA)


class ResultFileError(Exception):
    """The result file is missing or not a valid `jaxgrade-result/1` document (the grader's fault).

    status: which check refused it (a TA reads it in the attempt's error):
      result_missing    no regular file at the path (or unreadable, a symlink, a FIFO)
      result_too_large  more than codec.MAX_RESULT_BYTES
      result_not_json   not UTF-8 JSON, or nested too deep
      result_schema     breaks RESULT_SCHEMA (`detail` names the JSON path)
      result_mismatch   well formed, but not this attempt's grading under this release
      artefact_missing  a listed artefact is not a regular file (or a required one is not listed)
      artefact_too_large  an artefact exceeds its kind's cap (ARTEFACT_CAPS)
      artefact_mismatch  an artefact's size or sha256 is not what the result file lists
      artefact_schema   the quiz artefact breaks QUIZ_SCHEMA
    """

    def __init__(self, status: str, detail: str):
        super().__init__(status, detail)
        self.status, self.detail = status, detail

    def __str__(self) -> str:
        return f"{self.status}: {self.detail}"


def write(out: Path, student_id: str, exercises: tuple[str, ...] = ()) -> Path:
    """Engine side: the student's result from the batch gradebook in `out`, as OUT/result.json
    (only `exercises` when the batch graded a part of its release). KeyError if it holds none."""
    result = _load(out, student_id)
    if exercises:
        result = replace(result, scores={ex: s for ex, s in result.scores.items() if ex in exercises})
    result = fit_texts(result)
    doc = json.loads(codec.encode_result(result))
    doc["artefacts"] = artefacts_of(out, student_folder(out, student_id))
    path = out / RESULT_FILE
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":")), "utf-8")
    tmp.replace(path)
    return path


def _load(out: Path, student_id: str) -> StudentResult:
    with Gradebook(out / "gradebook.sqlite") as gb:
        result = gb.load_result(student_id)
    if result is None:
        raise KeyError(f"the gradebook holds no result of {student_id!r}")
    return result


def student_folder(out: Path, student_id: str) -> str:
    """The student's folder name in OUT as the batch chose it (the gradebook's `safe_id`)."""
    with Gradebook(out / "gradebook.sqlite") as gb:
        row = gb.get(student_id)
    return row.safe_id if row is not None else safe_id(student_id)


def artefacts_of(out: Path, folder: str) -> dict[str, dict[str, Any]]:
    """Each artefact file the batch left in OUT/<folder>, with its size and sha256 (the writer's
    side: a kind without its file is left out; `read_graded` says which kinds it needs)."""
    listed = {}
    for kind, name in ARTEFACT_FILES.items():
        path = out / folder / name
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            listed[kind] = {"path": f"{folder}/{name}", "bytes": len(data),
                            "sha256": hashlib.sha256(data).hexdigest()}  # fmt: skip
    return listed


def quiz_doc(questions: list[dict[str, Any]]) -> dict[str, Any]:
    """The quiz artefact (QUIZ_SCHEMA): every question as the grader scored it."""
    return {"format": QUIZ_FORMAT, "questions": questions}


# All of a result's notes together, in characters: with the other texts the file stays far below
# codec.MAX_RESULT_BYTES (100 notes of MAX_TEXT characters could be 6 MB of UTF-8).
MESSAGES_TOTAL_CHARS = 200_000


def fit_messages(messages: tuple[str, ...]) -> tuple[str, ...]:
    """The notes as the format allows them, whatever a submission made of them: each at most
    codec.MAX_TEXT characters, at most codec.MAX_MESSAGES of them and MESSAGES_TOTAL_CHARS in all;
    the ones left out are counted in a last note (`notes_omitted`). A notebook can make one note
    per cell, and a result that breaks the schema is a grader fault retried on every attempt."""
    kept: list[str] = []
    total = 0
    for i, text in enumerate(messages):
        text = _fit_text(text)
        last_slot = len(kept) == codec.MAX_MESSAGES - 1 and i < len(messages) - 1
        if last_slot or total + len(text) > MESSAGES_TOTAL_CHARS:
            kept.append(message("notes_omitted", count=len(messages) - i))
            break
        kept.append(text)
        total += len(text)
    return tuple(kept)


def _fit_text(text: str) -> str:
    return text if len(text) <= codec.MAX_TEXT else text[: codec.MAX_TEXT - 1] + "…"


def fit_texts(result: StudentResult) -> StudentResult:
    """`result` with every student-facing text within the format's caps: the notes (`fit_messages`),
    each exercise's summary and each check's output at most codec.MAX_TEXT characters. A summary
    gathers notes about cells, so a submission decides its length."""
    scores = {
        ex: replace(s, summary_zh=_fit_text(s.summary_zh),
                    tests=tuple(replace(t, output_zh=_fit_text(t.output_zh)) for t in s.tests))
        for ex, s in result.scores.items()
    }  # fmt: skip
    return replace(result, scores=scores, messages_zh=fit_messages(result.messages_zh))


def schema_errors(doc: Any) -> str | None:
    """The most relevant schema violation of `doc` as 'at <json path>: <message>', or None."""
    error = best_match(_VALIDATOR.iter_errors(doc))
    if error is None:
        return None
    where = error.json_path
    return f"at {where}: {error.message[:300]}"


def read(path: Path, *, student_id: str, release: ReleaseInfo, exercises: tuple[str, ...]) -> StudentResult:
    """Trusted side: the attempt's checked result from the file at `path`, or ResultFileError."""
    return _read_doc(path, student_id=student_id, release=release, exercises=exercises)[0]


@dataclass(frozen=True)
class GradedResult:
    """A graded attempt as the service keeps it: the checked result and each artefact's proven bytes."""

    result: StudentResult
    artefacts: dict[str, bytes]  # kind (ARTEFACT_FILES) -> its bytes, sha256 and size checked

    def maxima(self) -> dict[str, float]:
        """Each graded exercise's maximum in the release that graded it (checked by decode_result)."""
        return {ex: float(s.max_score) for ex, s in self.result.scores.items()}


def read_graded(
    out: Path, *, student_id: str, release: ReleaseInfo, exercises: tuple[str, ...]
) -> GradedResult:
    """Trusted side: OUT/result.json as `read` checks it, and every artefact it lists, each read
    under its kind's cap (never through a symlink) with its size and sha256 proven. A required
    artefact not listed, or any that fails, is a ResultFileError (a grader fault, never a score)."""
    result, doc = _read_doc(out / RESULT_FILE, student_id=student_id, release=release, exercises=exercises)
    listed = doc.get("artefacts", {})
    for kind in REQUIRED_ARTEFACTS:
        if kind not in listed:
            raise ResultFileError("artefact_missing", f"the result file lists no {kind}")
    artefacts = {kind: _artefact(out, kind, entry) for kind, entry in listed.items()}
    if "quiz" in artefacts:
        problem = quiz_errors(artefacts["quiz"])
        if problem is not None:
            raise ResultFileError("artefact_schema", f"quiz: {problem}")
    return GradedResult(result, artefacts)


def _artefact(out: Path, kind: str, entry: dict[str, Any]) -> bytes:
    cap = ARTEFACT_CAPS[kind]
    try:
        capped = read_capped(out / entry["path"], cap)
    except UnreadableFile as exc:
        raise ResultFileError("artefact_missing", f"{kind}: {exc.detail}") from None
    if capped.truncated:
        raise ResultFileError("artefact_too_large", f"{kind} exceeds {cap} bytes")
    data = capped.data
    if len(data) != entry["bytes"] or hashlib.sha256(data).hexdigest() != entry["sha256"]:
        raise ResultFileError("artefact_mismatch", f"{kind}: its size or sha256 is not the listed one")
    return data


def quiz_errors(data: bytes) -> str | None:
    """Why the quiz artefact's bytes are not a QUIZ_SCHEMA document, or None."""
    try:
        doc = loads(data)
    except (UntrustedJSONError, UnicodeDecodeError) as exc:
        return f"not JSON: {str(exc)[:200]}"
    error = best_match(_QUIZ_VALIDATOR.iter_errors(doc))
    return None if error is None else f"at {error.json_path}: {error.message[:300]}"


def _read_doc(
    path: Path, *, student_id: str, release: ReleaseInfo, exercises: tuple[str, ...]
) -> tuple[StudentResult, dict[str, Any]]:
    try:
        capped = read_capped(path, codec.MAX_RESULT_BYTES)
    except UnreadableFile as exc:
        raise ResultFileError("result_missing", exc.detail) from None
    raw = capped.data
    if capped.truncated:
        raise ResultFileError("result_too_large", f"{path.name} exceeds {codec.MAX_RESULT_BYTES} bytes")
    try:
        doc = loads(raw)
        text = raw.decode("utf-8")
    except (UntrustedJSONError, UnicodeDecodeError) as exc:
        raise ResultFileError("result_not_json", str(exc)[:300]) from None
    problem = schema_errors(doc)
    if problem is not None:
        raise ResultFileError("result_schema", problem)
    scored = {k: v for k, v in doc.items() if k != "artefacts"}  # the codec's result, as the engine wrote it
    if "artefacts" in doc:
        text = json.dumps(scored, ensure_ascii=False, allow_nan=False)
    try:
        result = codec.decode_result(
            text,
            student_id=student_id,
            content_hash_hex=doc["content_hash"],
            release=release,
            exercises=exercises or tuple(doc["scores"]),
        )
    except codec.CodecError as exc:
        raise ResultFileError("result_mismatch", str(exc)[:300]) from None
    except KeyError as exc:  # an exercise the release has no points for
        detail = f"exercise {exc} is not in release {release.version}"
        raise ResultFileError("result_mismatch", detail) from None
    return result, doc


def schema_json() -> str:
    """RESULT_SCHEMA as the reference page prints it."""
    return json.dumps(RESULT_SCHEMA, indent=2, ensure_ascii=False)
