"""What the batch writes about quizzes (trusted parent), rendered from OUT/quiz/*.json and the key.

OUT/quiz.csv          one row per student: `student_id`, one column per quiz question (its points:
                      choice scored by the grader; written from the TAs' imported scores, empty while
                      not graded), `quiz_total`, `quiz_max`, `quiz_pending` (written answers not yet
                      graded). grades.csv keeps its exercise columns unchanged.
OUT/quiz/manual.csv   the grading packet: one row per student and written question (see PACKET_COLUMNS);
                      TAs fill `points` (and `comment`), then run `jaxgrade manual import`.
OUT/quiz/manual.html  the same answers to read, grouped by question with the rubric; everything escaped.
OUT/<safe id>/quiz.md the student's quiz feedback in Chinese: status and points per question; the model
                      answer and explanation only with `--show-quiz-answers` (after the grades are released).
"""

from __future__ import annotations

import csv
import html
import io
from pathlib import Path
from typing import Any

from autograder.grade.reports import format_score, md_fenced, md_literal, neutralize_cell
from autograder.i18n import _
from autograder.quiz.grading_key import QuizKey
from autograder.quiz.key import QuizQuestion
from autograder.quiz.records import ManualScore, quiz_dir
from autograder.quiz.score import ANSWER_STATUS_ZH
from jaxcourse.quiz import option_order
from jaxcourse.quiz_answers import LETTERS

PACKET_COLUMNS = ("student", "question", "max_points", "points", "comment", "answer_sha256", "answer")
QUIZ_TOTAL_COLUMNS = ("quiz_total", "quiz_max", "quiz_pending")


def current_manual(record: dict[str, Any], manual: ManualScore | None) -> ManualScore | None:
    """The TA score that still applies to this answer (None if none, or given for another text)."""
    return manual if manual is not None and manual.sha256 == record["sha256"] else None


def question_points(
    q: QuizQuestion, record: dict[str, Any] | None, manual: ManualScore | None
) -> float | None:
    if record is None:
        return None
    if q.kind == "choice":
        return float(record["points"])
    m = current_manual(record, manual)
    return None if m is None else m.points


def quiz_csv(
    key: QuizKey, answers: dict[str, dict[str, Any]], manual: dict[str, dict[str, ManualScore]]
) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(("student_id", *(q.id for q in key.questions), *QUIZ_TOTAL_COLUMNS))
    for sid in sorted(answers):
        per = answers[sid]
        points = [question_points(q, per.get(q.id), manual.get(sid, {}).get(q.id)) for q in key.questions]
        pending = sum(1 for p in points if p is None)
        w.writerow((neutralize_cell(sid), *("" if p is None else format_score(p) for p in points),
                    format_score(sum(p for p in points if p is not None)),
                    format_score(sum(q.points for q in key.questions)), str(pending)))
    return buf.getvalue()


def packet_csv(key: QuizKey, answers: dict[str, dict[str, Any]], safe_ids: dict[str, str],
               manual: dict[str, dict[str, ManualScore]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(PACKET_COLUMNS)
    for q in key.questions:
        if q.kind != "written":
            continue
        for sid in sorted(answers):
            record = answers[sid].get(q.id)
            if record is None:
                continue
            m = current_manual(record, manual.get(sid, {}).get(q.id))
            answered = record["status"] == "answered"
            points = format_score(m.points) if m else ("" if answered else format_score(0))
            comment = m.comment if m else ("" if answered else _(ANSWER_STATUS_ZH[record["status"]]))
            w.writerow((safe_ids[sid], q.id, format_score(q.points), points, neutralize_cell(comment),
                        record["sha256"], neutralize_cell(record["text"])))
    return buf.getvalue()


def packet_html(key: QuizKey, answers: dict[str, dict[str, Any]], safe_ids: dict[str, str]) -> str:
    e = html.escape
    # The packet's own words are English; what it quotes (prompts, rubric, answers) says its language.
    parts = ["<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">",
             "<meta http-equiv=\"Content-Security-Policy\" "
             "content=\"default-src 'none'; style-src 'unsafe-inline'\">",
             "<title>Quiz grading packet</title><style>body{font-family:sans-serif;max-width:60em;"
             "margin:auto} pre{white-space:pre-wrap;background:#f4f4f4;padding:.5em}</style></head><body>",
             "<h1>Written quiz answers</h1><p>Enter points and comments in <code>manual.csv</code>, then run "
             "<code>jaxgrade manual import</code>.</p>"]
    for q in key.questions:
        if q.kind != "written":
            continue
        parts.append(f"<section id=\"{e(q.id)}\"><h2>{e(q.id)} ({e(format_score(q.points))} points)</h2>")
        parts.append(f"<pre{_lang(q.prompt)}>{e(q.prompt)}</pre><h3>Rubric</h3><ul>")
        parts += [f"<li><b>{e(r.id)}</b> ({e(format_score(r.points))}): "
                  f"<span{_lang(r.description)}>{e(r.description)}</span></li>" for r in q.rubric]
        parts.append(f"</ul><h3>Model answer</h3><pre{_lang(q.model_answer)}>{e(q.model_answer)}</pre>"
                     "<h3>Answers</h3>")
        for sid in sorted(answers):
            record = answers[sid].get(q.id)
            if record is None:
                continue
            status = record["status"]
            text = record["text"] if status == "answered" else f"({_(ANSWER_STATUS_ZH[status])})"
            parts.append(f"<article><h4>{e(safe_ids[sid])}</h4><pre{_lang(text)}>{e(text)}</pre></article>")
        parts.append("</section>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _lang(text: str) -> str:
    """The `lang` attribute of a quoted fragment on the packet's English page: the course's prompts and
    the students' answers are Chinese when they hold Chinese characters (WCAG 3.1.2)."""
    return ' lang="zh-CN"' if any(0x4E00 <= ord(c) <= 0x9FFF for c in text) else ""


def _choice_answer_zh(q: QuizQuestion, student_id: str, salt: str) -> str:
    """The correct options in the letters this student saw."""
    order = option_order(q.id, len(q.options), student_id, salt)
    return ", ".join(LETTERS[pos] for pos, i in enumerate(order) if i in q.correct)


def feedback_md(key: QuizKey, student_id: str, per: dict[str, Any], manual: dict[str, ManualScore],
                show_answers: bool) -> str:
    lines = [_("# 测验反馈"), ""]
    total = 0.0
    for q in key.questions:
        record = per.get(q.id)
        if record is None:
            continue
        m = manual.get(q.id)
        points = question_points(q, record, m)
        total += points or 0.0
        shown = (
            _("待助教评分")
            if points is None
            else _("{format_score} / {format_score2} 分").format(
                format_score=format_score(points), format_score2=format_score(q.points)
            )
        )
        lines.append(f"## {q.id}({_('选择题') if q.kind == 'choice' else _('问答题')}):{shown}")
        lines.append(_("- 作答状态:{value}").format(value=_(ANSWER_STATUS_ZH[record["status"]])))
        if record["letters"]:
            lines.append(_("- 你的选择:{join}").format(join=', '.join(record['letters'])))
        current = current_manual(record, m)
        if current is not None and current.comment:
            lines.append(_("- 助教评语:{md_literal}").format(md_literal=md_literal(current.comment)))
        if show_answers:
            if q.kind == "choice":
                lines.append(
                    _("- 正确选项(按你的选项顺序):{choice_answer_zh}").format(
                        choice_answer_zh=_choice_answer_zh(q, student_id, key.salt)
                    )
                )
            lines += ["", _("参考答案:"), "", md_fenced(q.model_answer), "",
                      _("解析:"), "", md_fenced(q.explanation)]
        lines.append("")
    maximum = sum(q.points for q in key.questions)
    lines.append(
        _("测验得分(已评部分):{format_score} / {format_score2}").format(
            format_score=format_score(total), format_score2=format_score(maximum)
        )
    )
    if not show_answers:
        lines.append(_("参考答案和解析会在成绩发布后给出。"))
    return "\n".join(lines) + "\n"


def write_all(out: Path, key: QuizKey, answers: dict[str, dict[str, Any]], safe_ids: dict[str, str],
              manual: dict[str, dict[str, ManualScore]], show_answers: bool) -> None:
    (out / "quiz.csv").write_text(quiz_csv(key, answers, manual), encoding="utf-8")
    folder = quiz_dir(out)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manual.csv").write_text(packet_csv(key, answers, safe_ids, manual), encoding="utf-8")
    (folder / "manual.html").write_text(packet_html(key, answers, safe_ids), encoding="utf-8")
    for sid, per in answers.items():
        student_dir = out / safe_ids[sid]
        student_dir.mkdir(parents=True, exist_ok=True)
        (student_dir / "quiz.md").write_text(
            feedback_md(key, sid, per, manual.get(sid, {}), show_answers), encoding="utf-8")


__all__ = ["PACKET_COLUMNS", "QUIZ_TOTAL_COLUMNS", "feedback_md", "packet_csv", "packet_html", "quiz_csv",
           "write_all"]
