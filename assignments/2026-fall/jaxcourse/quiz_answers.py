"""Read a student's quiz answers from notebook JSON, as plain data (public; never executes anything).

The student's notebook and the trusted grader use this same code: the self-check (`check_quiz`)
reports the form of every answer, the grader scores it. Everything here is total over arbitrary
input: it returns an `Answer` with a status, and never raises on student data.

Answer cell (docs/quizzes.md): a Markdown or Raw cell whose metadata says
`{"jaxgrade": {"role": "quiz_answer", "question": "ch02.q3"}}`, or, if the metadata was lost
(copy-paste into another notebook), whose text has the heading line `测验 ch02.q3 作答`.
The answer is what follows the first line that starts with `答案:` (or `答案:`):
  * choice question: option letters on that line, separated by commas, spaces or `、`
    (`答案: B`, `答案: A, C, E`); `?` or nothing means "not answered";
  * written question: the rest of that line and every following line of the cell.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from jaxcourse._i18n import _

MAX_ANSWER_CHARS = 20_000  # a written answer longer than this is cut (the grader keeps the first part)
MAX_CELL_CHARS = 200_000  # longer answer cells are not read at all (status unreadable)
QUESTION_ID = re.compile(r"^ch0[25]\.q[1-8]$")
_HEADING = re.compile(r"测验\s*(ch0[25]\.q[1-8])\s*作答")
_MARKER = re.compile(r"^[\s>*_#-]*答案\s*[::]", re.M)
_SEPARATORS = re.compile(r"[\s,,、;;/]+")
_PLACEHOLDERS = {"", "?", "…", "...", "(在这里写你的答案)"}
_WRAPPING = re.compile(r"^[()()\[\]【】.。`*]+|[()()\[\]【】.。`*]+$")
LETTERS = "ABCDEFGH"


class AnswerStatus(StrEnum):
    ANSWERED = "answered"
    BLANK = "blank"  # the cell is there, the answer is empty or still the placeholder
    MISSING = "missing"  # no answer cell for the question
    UNREADABLE = "unreadable"  # the cell is there but its answer does not follow the syntax
    CONFLICT = "conflict"  # two answer cells of the question disagree


@dataclass(frozen=True)
class Answer:
    question: str
    status: AnswerStatus
    letters: tuple[str, ...] = ()  # choice: sorted, unique, as the student saw them
    text: str = ""  # written: the answer text (at most MAX_ANSWER_CHARS)
    reason_zh: str = ""  # why it is unreadable, for the student


def _text(cell: Any) -> str:
    src = cell.get("source", "") if isinstance(cell, dict) else ""
    if isinstance(src, list):
        src = "".join(s for s in src if isinstance(s, str))
    return src if isinstance(src, str) else ""


def cell_question(cell: Any) -> str | None:
    """The question id an answer cell answers, or None if `cell` is not a quiz answer cell."""
    if not isinstance(cell, dict) or cell.get("cell_type") not in ("markdown", "raw"):
        return None
    md = cell.get("metadata")
    jg = md.get("jaxgrade") if isinstance(md, dict) else None
    if isinstance(jg, dict) and jg.get("role") == "quiz_answer":
        q = jg.get("question")
        if isinstance(q, str) and QUESTION_ID.match(q):
            return q
    m = _HEADING.search(_text(cell)[:2000])
    return m.group(1) if m else None


def _after_marker(text: str) -> str | None:
    m = _MARKER.search(text)
    return None if m is None else text[m.end():]


def parse_choice(question: str, text: str, n_options: int) -> Answer:
    """The letters of a choice answer cell's text; every failure is a status, never an exception."""
    if len(text) > MAX_CELL_CHARS:
        return Answer(question, AnswerStatus.UNREADABLE, reason_zh=_("作答单元太长,无法读取。"))
    rest = _after_marker(unicodedata.normalize("NFKC", text))
    if rest is None:
        return Answer(question, AnswerStatus.UNREADABLE,
                      reason_zh=_("没有找到以「答案:」开头的一行,例如 `答案: B`。"))
    line = rest.split("\n", 1)[0].strip().strip("*`_ ").strip()
    if line in _PLACEHOLDERS:
        return Answer(question, AnswerStatus.BLANK)
    tokens = [_WRAPPING.sub("", t) for t in _SEPARATORS.split(line)]
    tokens = [t.upper() for t in tokens if t]
    valid = LETTERS[:n_options]
    bad = [t for t in tokens if len(t) != 1 or t not in valid]
    if bad or not tokens:
        shown = ", ".join(valid)
        reason = _("「答案:」后面只能写选项字母({shown}),用逗号隔开,例如 `答案: {first}`。")
        return Answer(question, AnswerStatus.UNREADABLE, reason_zh=reason.format(shown=shown, first=valid[0]))
    return Answer(question, AnswerStatus.ANSWERED, letters=tuple(sorted(set(tokens))))


def parse_written(question: str, text: str) -> Answer:
    """The text of a written answer cell after its `答案:` line (or the whole cell without it)."""
    if len(text) > MAX_CELL_CHARS:
        return Answer(question, AnswerStatus.UNREADABLE, reason_zh=_("作答单元太长,无法读取。"))
    rest = _after_marker(text)
    if rest is None:  # the marker was deleted: the cell minus its heading is still the answer
        rest = "\n".join(line for line in text.split("\n") if not _HEADING.search(line))
    body = rest.strip()
    if body in _PLACEHOLDERS:
        return Answer(question, AnswerStatus.BLANK)
    return Answer(question, AnswerStatus.ANSWERED, text=body[:MAX_ANSWER_CHARS])


def read_answers(notebook: Any, questions: dict[str, int | None]) -> dict[str, Answer]:
    """question id -> Answer, for every id of `questions` (id -> option count, None for written).

    `notebook` is the parsed JSON of a student's notebook (anything: invalid shapes mean missing
    answers). Cells are only read, never run.
    """
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    found: dict[str, list[Answer]] = {}
    for cell in cells if isinstance(cells, list) else []:
        q = cell_question(cell)
        if q is None or q not in questions:
            continue
        n = questions[q]
        text = _text(cell)
        found.setdefault(q, []).append(parse_written(q, text) if n is None else parse_choice(q, text, n))
    out: dict[str, Answer] = {}
    for q in questions:
        answers = found.get(q, [])
        distinct = {(a.status, a.letters, a.text) for a in answers}
        if not answers:
            out[q] = Answer(q, AnswerStatus.MISSING)
        elif len(distinct) > 1:
            out[q] = Answer(q, AnswerStatus.CONFLICT,
                            reason_zh=_("这道题有不止一个作答单元,而且内容不同;请只保留一个。"))
        else:
            out[q] = answers[0]
    return out


__all__ = ["Answer", "AnswerStatus", "LETTERS", "cell_question", "parse_choice", "parse_written",
           "read_answers"]
