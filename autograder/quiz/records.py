"""The batch's quiz records on disk (trusted parent): every student's read answers and the TAs' scores.

OUT/quiz/answers.json   {"format": 1, "release": str, "students": {student id: {question id: {
                          "status": AnswerStatus, "points": number | null (written: null),
                          "letters": [str], "chosen": [int], "text": str, "sha256": hex of text}}}}
OUT/quiz/manual.json    {"format": 1, "scores": {student id: {question id: {
                          "points": number, "comment": str, "sha256": hex of the answer graded}}}}
A manual score counts only while the student's answer text still has the sha256 it was given for,
so a resubmitted answer goes back to the TAs instead of keeping an old score.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autograder.quiz.score import QuizScore

FORMAT = 1


@dataclass(frozen=True)
class ManualScore:
    points: float
    comment: str
    sha256: str  # of the answer text it was given for


def text_sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def quiz_dir(out: Path) -> Path:
    return out / "quiz"


def write_json(path: Path, doc: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def answers_doc(release: str, scores: dict[str, tuple[QuizScore, ...]]) -> dict[str, Any]:
    return {"format": FORMAT, "release": release, "students": {
        sid: {s.question: {"status": str(s.status), "points": s.points, "letters": list(s.letters),
                           "chosen": list(s.chosen), "text": s.text, "sha256": text_sha(s.text)}
              for s in per}
        for sid, per in scores.items()}}


def load_answers(out: Path) -> dict[str, dict[str, dict[str, Any]]]:
    path = quiz_dir(out) / "answers.json"
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))["students"]


def load_manual(out: Path) -> dict[str, dict[str, ManualScore]]:
    path = quiz_dir(out) / "manual.json"
    if not path.exists():
        return {}
    doc = json.loads(path.read_text(encoding="utf-8"))
    return {sid: {q: ManualScore(float(v["points"]), str(v["comment"]), str(v["sha256"]))
                  for q, v in per.items()}
            for sid, per in doc["scores"].items()}


def save_manual(out: Path, scores: dict[str, dict[str, ManualScore]]) -> None:
    write_json(quiz_dir(out) / "manual.json", {"format": FORMAT, "scores": {
        sid: {q: {"points": m.points, "comment": m.comment, "sha256": m.sha256} for q, m in per.items()}
        for sid, per in scores.items() if per}})


__all__ = ["ManualScore", "answers_doc", "load_answers", "load_manual", "quiz_dir", "save_manual",
           "text_sha", "write_json"]
