"""The quiz in Gradescope's results.json (batch `OUT/<student>/results.json` and the bundle's alike).

Each choice question is a test `"<id>: 测验选择题"` worth its points, scored by the grader. Each written
question is a test `"<id>: 测验问答题(助教评分)"` with score and max_score 0 and the tag "manual": its
points are given in Gradescope's own manually graded questions (docs/quizzes.md), so the autograder
score holds the exercises and the choice questions only. No correct option, model answer or explanation
is written here. `extra_data.quiz` records {"choice_points", "choice_max", "manual": {id: points}}.
Applying it to a document that already has it replaces the earlier quiz part (idempotent).
"""

from __future__ import annotations

import copy
from typing import Any

from autograder.i18n import _
from autograder.quiz.score import ANSWER_STATUS_ZH, QuizScore

QUIZ_TAG = "quiz"


def _test(s: QuizScore) -> dict[str, Any]:
    chapter = s.question.split(".")[0]
    status = _(ANSWER_STATUS_ZH[str(s.status)]) + (f":{s.reason_zh}" if s.reason_zh else "")
    if s.kind == "choice":
        points = float(s.points or 0.0)
        return {
            "name": _("{question}: 测验选择题").format(question=s.question),
            "score": round(points, 4),
            "max_score": round(float(s.max_points), 4),
            "status": "passed" if points >= s.max_points else "failed",
            "output": _("作答状态:{status}(参考答案在成绩发布后给出)").format(status=status),
            "output_format": "text",
            "visibility": "visible",
            "tags": [s.question, chapter, QUIZ_TAG],
        }
    return {
        "name": _("{question}: 测验问答题(助教评分)").format(question=s.question),
        "score": 0.0,
        "max_score": 0.0,
        "status": "passed",
        "output": _("作答状态:{status}。这道题由助教按评分细则评分。").format(status=status),
        "output_format": "text",
        "visibility": "visible",
        "tags": [s.question, chapter, QUIZ_TAG, "manual"],
    }


def with_quiz(doc: dict[str, Any], scores: tuple[QuizScore, ...]) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    extra = out.setdefault("extra_data", {})
    earlier = extra.pop("quiz", None)
    if earlier is not None:
        out["score"] = round(float(out["score"]) - float(earlier["choice_points"]), 4)
        extra["max_score"] = round(float(extra["max_score"]) - float(earlier["choice_max"]), 4)
        out["tests"] = [t for t in out.get("tests", []) if QUIZ_TAG not in t.get("tags", [])]
    choice = [s for s in scores if s.kind == "choice"]
    points = sum(float(s.points or 0.0) for s in choice)
    maximum = sum(float(s.max_points) for s in choice)
    out["tests"] = [*out.get("tests", []), *(_test(s) for s in scores)]
    out["score"] = round(float(out.get("score", 0.0)) + points, 4)
    extra["max_score"] = round(float(extra.get("max_score", 0.0)) + maximum, 4)
    extra["quiz"] = {"choice_points": points, "choice_max": maximum,
                     "manual": {s.question: s.max_points for s in scores if s.kind == "written"}}
    return out


__all__ = ["QUIZ_TAG", "with_quiz"]
