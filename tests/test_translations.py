"""Every student-facing text is in a gettext catalogue, and every catalogue has every message.

- A Chinese (CJK) string literal in the package's Python outside `_()` / `N_()`, or a Chinese text in
  a service template outside `{% trans %}` / `_()`, fails `test_no_student_text_outside_the_catalogue`,
  unless EXEMPT names it (each exemption says why the literal is not a text the grader shows).
- A msgid the code has but a catalogue lacks, a message without a translation (or fuzzy, or with other
  placeholders), or a `.mo` that is not the compile of its `.po`, fails `test_catalogues_...`.
- The control tests plant an unwrapped literal and a missing message and see the checks fail.
- English is real: `jaxgrade grade --language en` writes English feedback, and `jaxgrade serve
  --language en` serves an English student page (a real server on loopback).
"""

from __future__ import annotations

import ast
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from autograder import i18n

from helpers.batch_cli import grade
from helpers.browserish import Browserish
from helpers.paths import EXAMPLES, REPO
from helpers.served import serving

CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
GETTEXT_CALLS = frozenset({"_", "N_", "ngettext"})
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None}

# (package folder, gettext domain): each package has its own catalogue under <folder>/locale/
# (jaxcourse/ ships inside every release and runs in the students' kernel, without autograder/).
PACKAGES = (("autograder", "jaxgrade"), ("jaxcourse", "jaxcourse"))
TEMPLATE_DIRS = (REPO / "autograder/service/web/templates", REPO / "autograder/service/web/lti/templates")

# file -> {literal -> why it stays as it is}. A literal here is matched exactly (an f-string by its
# text with each replacement field as {}), so a new Chinese literal in the same file still fails.
EXEMPT: dict[str, dict[str, str]] = {
    "autograder/grade/reports.py": {
        c: "a full-width formula start that CSV cells neutralise (data, not a text)"
        for c in ("\uff1d", "\uff0b", "\uff0d", "\uff20")
    },
    "autograder/commands/release.py": {
        "also execute every released notebook in a real Jupyter kernel, untouched (self-checks must say "
        "尚未作答) and with the reference answers pasted in (self-checks must pass); slow": "English CLI "
        "help for the instructor, quoting what the Chinese notebooks print",
    },
    "autograder/release/execute.py": {
        "尚未作答": "what the released notebooks' self-checks print at release time, matched in the "
        "executed notebooks (the notebooks are Chinese course material, not a message of the grader)",
    },
    "autograder/release/personalise.py": {
        "下面就是你(学号 {})的调用序列(变体 {}/{})。": "written into the Chinese notebook's markdown",
        "下面是一个示例序列,题目说的就是这样一段代码。": "notebook markdown it replaces (course material)",
        "(没有打印过时用上面的示例序列)": "the notebook markdown it replaces (course material)",
        "(请先运行作答区里的这一行)": "written into the Chinese notebook's markdown",
    },
    "autograder/sandboxed/child_main.py": {
        "评分时每章最多运行 {limit} 条 shell 命令(! 行、%sx、%system、%%bash 等),之后的不再运行"
        " / at most {limit} shell commands per chapter run during grading; later ones are not run": "raised "
        "in the sandboxed child, whose copy holds no autograder.i18n and whose environment is scrubbed (no "
        "language): the cell error the student's own `!` line ran into, written in both languages",
    },
    "jaxcourse/quiz_answers.py": {
        r"测验\s*(ch0[25]\.q[1-8])\s*作答": "parses the heading of the notebook's answer cell",
        r"^[\s>*_#-]*答案\s*[::]": "parses the student's answer line in the notebook",
        r"[\s,,、;;/]+": "separators a student may type between options",
        "(在这里写你的答案)": "the notebook's answer placeholder it recognises as not answered",
        r"^[()()\[\]【】.。`*]+|[()()\[\]【】.。`*]+$": "punctuation a student may type around options",
    },
    "jaxcourse/quiz.py": {"学号": "the notebook's placeholder argument, recognised as not a student id"},
    "jaxcourse/variants.py": {"学号": "the notebook's placeholder argument, recognised as not a student id"},
}


# ---- the checks, as functions the control tests also run ----------------------------------------


def _literal_text(node: ast.expr) -> str:
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    assert isinstance(node, ast.Constant)
    return str(node.value)


def unwrapped_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each CJK string literal of `source` not inside a gettext call (docstrings aside)."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in GETTEXT_CALLS:
            return  # everything inside is the catalogue's (the extractor reads literal arguments only)
        if isinstance(node, ast.JoinedStr | ast.Constant) and id(node) not in docstrings:
            is_text = isinstance(node, ast.JoinedStr) or isinstance(node.value, str)
            text = _literal_text(node) if is_text else ""
            if CJK.search(text):
                found.append((node.lineno, text))
                return
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


_TRANSLATED = re.compile(
    r"\{%-?\s*trans\b.*?%\}.*?\{%-?\s*endtrans\s*-?%\}"  # a trans block, variables and all
    r"|\b_\(\s*(\"[^\"]*\"|'[^']*')\s*\)"  # _("...") in an expression
    r"|\{#.*?#\}",  # a template comment
    re.S,
)


def untranslated_template_text(source: str) -> list[tuple[int, str]]:
    """(line, text) of each line of a template with CJK text outside trans blocks and _() calls."""
    bare = _TRANSLATED.sub(lambda m: "\n" * m.group(0).count("\n"), source)
    return [(n, line.strip()) for n, line in enumerate(bare.splitlines(), 1) if CJK.search(line)]


def package_files(folder: str, suffix: str) -> Iterator[Path]:
    yield from sorted(p for p in (REPO / folder).rglob(f"*{suffix}") if "__pycache__" not in p.parts)


def extracted_msgids(folder: str) -> set[str]:
    """What `pybabel extract` finds in `folder` with its locale/babel.cfg (scripts/update-translations.sh)."""
    with (REPO / folder / "locale" / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    return {
        msg if isinstance(msg, str) else msg[0]
        for _fn, _line, msg, _comments, _context in extract_from_dir(
            REPO / folder, method_map, options_map, keywords=KEYWORDS
        )
    }


_FIELD = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)s")


def catalogue_problems(msgids: set[str], catalogue: Catalog) -> list[str]:
    """Why `catalogue` (a language's .po) does not translate exactly `msgids`."""
    have = {m.id: m for m in catalogue if m.id}
    problems = [f"missing msgid {m!r}" for m in sorted(msgids - set(have))]
    problems += [f"msgid no longer in the code {m!r}" for m in sorted(set(have) - msgids)]
    for mid, m in sorted(have.items()):
        if not m.string:
            problems.append(f"no translation for {mid!r}")
        elif m.fuzzy:
            problems.append(f"fuzzy translation for {mid!r}")
        elif set(_FIELD.findall(mid)) != set(_FIELD.findall(m.string)):
            problems.append(f"placeholders differ in {mid!r} -> {m.string!r}")
    return problems


def _po_files(folder: str, domain: str) -> list[Path]:
    return sorted((REPO / folder / "locale").glob(f"*/LC_MESSAGES/{domain}.po"))


# ---- the tree --------------------------------------------------------------------------------------


def test_no_student_text_outside_the_catalogue():
    leaks: list[str] = []
    used_exemptions: set[tuple[str, str]] = set()
    for folder, _domain in PACKAGES:
        for path in package_files(folder, ".py"):
            rel = path.relative_to(REPO).as_posix()
            for line, text in unwrapped_literals(path.read_text(encoding="utf-8")):
                if text in EXEMPT.get(rel, {}):
                    used_exemptions.add((rel, text))
                else:
                    leaks.append(f"{rel}:{line}: {text!r}")
    for folder in TEMPLATE_DIRS:
        for path in sorted(folder.glob("*.html")):
            rel = path.relative_to(REPO).as_posix()
            found = untranslated_template_text(path.read_text(encoding="utf-8"))
            leaks += [f"{rel}:{n}: {t!r}" for n, t in found]
    assert not leaks, "Chinese text outside the catalogue (see docs/translations.md):\n" + "\n".join(leaks)
    stale = {(f, t) for f, texts in EXEMPT.items() for t in texts} - used_exemptions
    assert not stale, f"exemptions that match nothing any more (remove them): {sorted(stale)}"


@pytest.mark.parametrize(("folder", "domain"), PACKAGES)
def test_catalogues_have_every_message_translated_and_compiled(folder: str, domain: str):
    msgids = extracted_msgids(folder)
    assert len(msgids) > 20
    with (REPO / folder / "locale" / f"{domain}.pot").open("rb") as f:
        template = {m.id for m in read_po(f) if m.id}
    assert template == msgids, "the .pot is stale: run scripts/update-translations.sh"
    pos = _po_files(folder, domain)
    assert [p.parent.parent.name for p in pos] == ["en"]
    for po in pos:
        with po.open("rb") as f:
            catalogue = read_po(f)
        assert catalogue_problems(msgids, catalogue) == [], po
        compiled = io.BytesIO()
        write_mo(compiled, catalogue)
        stale_mo = f"{po}: the .mo is not its compile; run scripts/update-translations.sh"
        assert po.with_suffix(".mo").read_bytes() == compiled.getvalue(), stale_mo


# ---- controls: the checks above can fail ---------------------------------------------------------


def test_control_a_planted_unwrapped_literal_is_found():
    messages_py = (REPO / "autograder" / "messages.py").read_text(encoding="utf-8")
    assert unwrapped_literals(messages_py) == []
    planted = messages_py + '\n\ndef planted() -> str:\n    return f"第 {1} 题没有包装"\n'
    assert unwrapped_literals(planted) == [(planted.count("\n"), "第 {} 题没有包装")]
    assert unwrapped_literals('X = "全角:"\n') == [(1, "全角:")]
    wrapped = 'def f():\n    """说明文字 is a docstring."""\n    return _("包装好的")\n'
    assert unwrapped_literals(wrapped) == []
    home = (TEMPLATE_DIRS[0] / "home.html").read_text(encoding="utf-8")
    assert untranslated_template_text(home) == []
    assert untranslated_template_text(home + "<p>没有包装的页面文字</p>\n") == [
        (home.count("\n") + 1, "<p>没有包装的页面文字</p>")
    ]


def test_control_a_catalogue_missing_a_message_is_found():
    msgids = extracted_msgids("autograder")
    with _po_files("autograder", "jaxgrade")[0].open("rb") as f:
        catalogue = read_po(f)
    assert catalogue_problems(msgids, catalogue) == []
    assert catalogue_problems(msgids | {"新加的消息"}, catalogue) == ["missing msgid '新加的消息'"]
    catalogue.get("通过").string = ""
    assert catalogue_problems(msgids, catalogue) == ["no translation for '通过'"]
    catalogue.get("通过").string = "Passed {score}"
    assert catalogue_problems(msgids, catalogue) == ["placeholders differ in '通过' -> 'Passed {score}'"]


# ---- the language setting ----------------------------------------------------------------------------


def test_source_language_is_the_identity_and_an_unknown_language_is_refused(monkeypatch):
    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)
    assert i18n.available() == ("zh_CN", "en")
    assert i18n.catalogue("zh_CN").gettext("通过") == "通过"
    assert i18n.catalogue("en").gettext("通过") == "Passed"
    with pytest.raises(i18n.UnknownLanguage):
        i18n.catalogue("fr")
    try:
        assert i18n.use("en") == "en" and i18n._("通过") == "Passed"
        assert i18n.N_("通过") == "通过"  # a marker only: translated where it is read
    finally:
        i18n.use(None)
    assert i18n._("通过") == "通过"


def _no_cjk(text: str) -> list[str]:
    return [line for line in text.splitlines() if CJK.search(line)]


def test_english_feedback_from_the_real_grade_command(tmp_path: Path):
    """The malformed example: intake's refusal, the statuses, the chapters' and exercises' titles."""
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "s004.ipynb").write_bytes((EXAMPLES / "s004_malformed.ipynb").read_bytes())
    zh, en = tmp_path / "zh", tmp_path / "en"
    for out, args in ((zh, ()), (en, ("--language", "en"))):
        done = grade(subs, out, *args, timeout=900)
        assert done.returncode == 0, done.stderr[-3000:]
    zh_md = next(zh.rglob("feedback.md")).read_text(encoding="utf-8")
    en_md = next(en.rglob("feedback.md")).read_text(encoding="utf-8")
    assert "不是合法的 JSON" in zh_md and "提交无法读取" in zh_md and "练习 1:jaxpr 侦探" in zh_md
    assert _no_cjk(en_md) == [], en_md
    assert "is not valid JSON" in en_md and "The submission cannot be read" in en_md
    assert "Exercise 1: jaxpr detective (primitive histogram)" in en_md
    assert "Chapter 5: Interoperability and custom operations" in en_md


def test_a_course_file_language_must_have_a_catalogue(tmp_path: Path):
    from autograder.term.course import CourseError, course_language, load_course

    course = tmp_path / "course.toml"
    release = REPO / "assignments" / "2026-fall"
    body = f'[[assignment]]\nid = "hw"\ntitle = "HW"\nrelease = "{release}"\n'
    course.write_text('language = "en"\n' + body, encoding="utf-8")
    assert course_language(course) == "en" and load_course(course)[0].id == "hw"
    course.write_text('language = "xx"\n' + body, encoding="utf-8")
    with pytest.raises(CourseError, match="no catalogue"):
        course_language(course)
    course.write_text(body, encoding="utf-8")
    assert course_language(course) is None


ROSTER = "student_id,name,email\ns001,Ada,\n"


def test_english_student_page_from_a_real_server(tmp_path: Path):
    with serving(tmp_path, ROSTER, "--workers", "0", "--language", "en") as server:
        student = Browserish(server.url)
        login = student.get("/login")
        assert 'lang="en"' in login.text and "Log in to the grader" in login.text
        assert student.log_in(server.tokens["s001"]).status == 303
        home = student.get("/")
        assert home.status == 200
        assert 'lang="en"' in home.text
        for words in ("My assignments", "Submit the assignment", "No submissions yet.", "Log out"):
            assert words in home.text, words
        refused = student.post_files("/submit", {"csrf_token": home.csrf()}, [("notes.txt", b"hello")])
        assert refused.status == 422 and "Unsupported file type" in refused.text
        assert _no_cjk(home.text) == [] and _no_cjk(refused.text) == [], home.text
