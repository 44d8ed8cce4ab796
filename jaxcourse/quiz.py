"""The chapter quizzes in the student's notebook: options in the student's own order, and a form check.

`quiz.json` (written by `jaxgrade release` into the release folder, next to `jaxcourse/`) holds the
public part of every question: id, kind, points and, for a choice question, its option texts in the
master's order. It never holds the correct options, model answers or explanations.

Every student sees the options of a choice question in their own order, chosen from the normalised
student id exactly as the recompile sequence is (`jaxcourse.variants`): the order is
  sort option indices i by sha256(salt + "\\n" + question + "\\n" + normalised id + "\\n" + str(i)).
So resubmitting cannot change it, and the grader (which knows the student id from the folder, the LMS
or the login, never from the notebook) maps the student's letters back to the master's options.
The order is only a presentation order: knowing it reveals nothing about the answer.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jaxcourse._i18n import _
from jaxcourse.quiz_answers import LETTERS, AnswerStatus, read_answers
from jaxcourse.variants import normalise_student_id

QUIZ_FILE = Path(__file__).resolve().parents[1] / "quiz.json"
FORMAT = 1


@dataclass(frozen=True)
class PublicQuestion:
    id: str  # "ch02.q3"
    chapter: str
    kind: str  # "choice" | "written"
    points: float
    options: tuple[str, ...] = ()  # choice: option texts in the master's order


@dataclass(frozen=True)
class PublicQuiz:
    salt: str
    questions: tuple[PublicQuestion, ...]

    def chapter(self, chapter: str) -> tuple[PublicQuestion, ...]:
        return tuple(q for q in self.questions if q.chapter == chapter)

    def option_counts(self, chapter: str) -> dict[str, int | None]:
        """question id -> option count (None for a written question), what `read_answers` needs."""
        return {q.id: (len(q.options) if q.kind == "choice" else None) for q in self.chapter(chapter)}


def public_quiz_from(doc: Any) -> PublicQuiz:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError("quiz.json: unknown format")
    questions = tuple(
        PublicQuestion(str(q["id"]), str(q["chapter"]), str(q["kind"]), float(q["points"]),
                       tuple(str(o) for o in q.get("options", ())))
        for q in doc["questions"]
    )
    return PublicQuiz(str(doc["salt"]), questions)


def load_quiz(path: Path | None = None) -> PublicQuiz:
    return public_quiz_from(json.loads(Path(path or QUIZ_FILE).read_text(encoding="utf-8")))


def _release_quiz() -> PublicQuiz | None:
    try:
        return load_quiz()
    except (OSError, ValueError, KeyError, TypeError):
        print(_("没有找到测验文件 quiz.json:请在作业文件夹(manifest.json 所在的文件夹)里打开 notebook。"))
        return None


def option_order(question: str, n_options: int, student_id: str, salt: str) -> tuple[int, ...]:
    """The master's option indices in the order this student sees them (letter A is the first)."""
    base = f"{salt}\n{question}\n{normalise_student_id(student_id)}\n"
    return tuple(sorted(range(n_options), key=lambda i: hashlib.sha256(f"{base}{i}".encode()).digest()))


def shown_options(question: PublicQuestion, student_id: str, salt: str) -> list[tuple[str, str]]:
    """(letter, option text) in the student's order."""
    order = option_order(question.id, len(question.options), student_id, salt)
    return [(LETTERS[pos], question.options[i]) for pos, i in enumerate(order)]


def _bad_id(student_id: str) -> bool:
    return not normalise_student_id(student_id) or "学号" in student_id  # the notebook's placeholder argument


def show_quiz(student_id: str, chapter: str) -> None:
    """Print the options of the chapter's choice questions in the order of `student_id`."""
    if _bad_id(student_id):
        print(_('请把参数换成你自己的学号,例如 show_quiz("2026001", "ch02")'))
        return
    quiz = _release_quiz()
    for q in quiz.chapter(chapter) if quiz is not None else ():
        if q.kind != "choice":
            continue
        print(_("{id}(学号 {student_id} 的选项顺序):").format(id=q.id, student_id=student_id))
        for letter, text in shown_options(q, student_id, quiz.salt):
            print(f"  {letter}. {text}")
        print()


def check_quiz(notebook_path: str, chapter: str) -> None:
    """Form check of the saved notebook's quiz answers: readable or not, never right or wrong."""
    quiz = _release_quiz()
    if quiz is None:
        return
    try:
        nb = json.loads(Path(notebook_path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(_("读不了 {notebook_path}:{exc}(先保存 notebook)").format(notebook_path=notebook_path, exc=exc))
        return
    words = {AnswerStatus.ANSWERED: _("格式正确"), AnswerStatus.BLANK: _("还没作答"),
             AnswerStatus.MISSING: _("找不到作答单元"), AnswerStatus.UNREADABLE: _("格式不对"),
             AnswerStatus.CONFLICT: _("作答单元重复")}
    for qid, answer in read_answers(nb, quiz.option_counts(chapter)).items():
        line = f"{qid}:{words[answer.status]}"
        if answer.letters:
            line += _("(你选了 {join})").format(join=', '.join(answer.letters))
        print(line + (f" —— {answer.reason_zh}" if answer.reason_zh else ""))
    print(_("(这里只检查格式;选择题的对错和问答题的得分在成绩发布后才能看到。)"))


__all__ = ["PublicQuestion", "PublicQuiz", "check_quiz", "load_quiz", "option_order", "public_quiz_from",
           "show_quiz", "shown_options"]
