"""WCAG 3.1.2 in the documents the batch writes: the quiz grading packet (OUT/quiz/manual.html) is an
English page quoting the course's Chinese prompts, rubric and the students' answers; each quoted
fragment says its own language, so a screen reader reads it in the right voice."""

from __future__ import annotations

from html.parser import HTMLParser

from autograder.quiz.grading_key import load_key
from autograder.quiz.outputs import packet_html

from helpers.paths import RELEASE

VOID = {"meta", "br", "hr", "img", "input", "link"}


class _LangOfText(HTMLParser):
    """Each text's nearest `lang`, as a browser resolves it."""

    def __init__(self) -> None:
        super().__init__()
        self.langs: list[str] = []
        self.texts: list[tuple[str, str]] = []  # (lang, text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            own = dict(attrs).get("lang")
            self.langs.append(own if own is not None else (self.langs[-1] if self.langs else ""))

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self.langs.pop()

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append((self.langs[-1] if self.langs else "", data.strip()))


def _has_han(text: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in text)


def test_the_quiz_packet_is_english_and_its_chinese_fragments_say_so() -> None:
    key = load_key(RELEASE)
    assert key is not None
    written = [q for q in key.questions if q.kind == "written"]
    assert written, "the release's key has no written question"
    answers = {
        "s1": {q.id: {"status": "answered", "text": "是 Jaxpr 文本"} for q in written},
        "s2": {q.id: {"status": "answered", "text": "the jaxpr of the closure"} for q in written},
    }
    parser = _LangOfText()
    parser.feed(packet_html(key, answers, {"s1": "s1", "s2": "s2"}))
    chinese = [(lang, t) for lang, t in parser.texts if _has_han(t)]
    english = [(lang, t) for lang, t in parser.texts if t in ("Written quiz answers", "Rubric")]
    assert chinese and english
    assert [(lang, t[:30]) for lang, t in chinese if not lang.startswith("zh")] == []
    assert {lang for lang, _ in english} == {"en"}
    assert ("en", "the jaxpr of the closure") in parser.texts
