"""`jaxgrade similarity`: the report a TA reads, on notebooks made from the answer corpus.

Students are the committed release's notebooks with corpus answers pasted into their answer cells
(benchmarks/similarity_corpus.py); a planted copy is a disguised copy (benchmarks/similarity_disguise.py:
every identifier renamed, definitions reordered, prints, dead code and comments added, loops
rewritten). Nothing here runs student code, and neither does the command.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import zipfile
from html import escape
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autograder import cli
from benchmarks.similarity_corpus import Answer, write_student

from helpers import chromium
from helpers.similarity import corpus_answer, disguised

ROOT = Path(__file__).resolve().parent.parent
RELEASE = ROOT / "assignments" / "2026-fall"
SOLUTIONS = ROOT / "solutions"


def small_class(folder: Path) -> None:
    """s1 and s2: one planted pair (s2 a disguised copy of s1) in histogram, safe_distance and silu;
    s3, s4: independent correct answers; s5: the release untouched (starter code only)."""
    h, d, k = "histogram", "safe_distance", "silu_ffi"
    s1 = {
        h: corpus_answer(h, "explicit_stack"),
        d: corpus_answer(d, "masked_norm"),
        k: corpus_answer(k, "alt_tanh_sequential"),
        "recompile": Answer("predicted_compiles = 4\n"),
    }
    write_student(folder, "s1", RELEASE, s1)
    write_student(folder, "s2", RELEASE, {ex: disguised(a, 7) for ex, a in s1.items()})
    write_student(
        folder,
        "s3",
        RELEASE,
        {
            h: corpus_answer(h, "reference"),
            d: corpus_answer(d, "reference"),
            "recompile": Answer("predicted_compiles = 4\n"),
        },
    )
    write_student(
        folder,
        "s4",
        RELEASE,
        {h: corpus_answer(h, "subjaxprs_generator"), d: corpus_answer(d, "custom_jvp_sqrt")},
    )
    write_student(folder, "s5", RELEASE, {})


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(["similarity", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def rows(out: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO((out / "similarity.csv").read_text(encoding="utf-8"))))


@pytest.fixture(scope="module")
def class_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    tmp = tmp_path_factory.mktemp("similarity")
    small_class(tmp / "subs")
    code = cli.main(
        [
            "similarity",
            str(tmp / "subs"),
            "--out",
            str(tmp / "out"),
            "--release",
            str(RELEASE),
            "--solutions",
            str(SOLUTIONS),
        ]
    )
    assert code == 0
    return tmp / "subs", tmp / "out"


def test_the_planted_pair_comes_first_with_its_fragments_highlighted(class_report: tuple[Path, Path]) -> None:
    _, out = class_report
    table = rows(out)
    for unit in ("histogram", "safe_distance", "silu.cc"):
        pairs = [r for r in table if r["exercise"] == unit and r["student_b"] != "reference solution"]
        assert pairs, f"{unit}: the planted pair is not reported"
        assert (pairs[0]["student_a"], pairs[0]["student_b"]) == ("s1", "s2"), unit
        assert float(pairs[0]["similarity"]) >= 0.5 and int(pairs[0]["longest_fragment_tokens"]) >= 8
        others = [r for r in pairs[1:] if {r["student_a"], r["student_b"]} != {"s1", "s2"}]
        assert all(float(r["similarity"]) < float(pairs[0]["similarity"]) for r in others)
    page = (out / "similarity.html").read_text(encoding="utf-8")
    section = page[page.index('id="histogram-1"') :]
    assert "s1 and s2" in section[:300]
    assert section.count('<mark class="f1"') >= 2  # the same fragment on both sides


def test_starter_code_alone_never_matches(class_report: tuple[Path, Path]) -> None:
    _, out = class_report
    assert not [r for r in rows(out) if "s5" in (r["student_a"], r["student_b"])]
    # s4 submitted no silu kernel of its own: the release's %%writefile starter is all it has
    assert not [
        r for r in rows(out) if r["exercise"] == "silu.cc" and "s4" in (r["student_a"], r["student_b"])
    ]


def test_short_answers_are_shown_as_too_short_and_never_paired(class_report: tuple[Path, Path]) -> None:
    _, out = class_report
    assert not [r for r in rows(out) if r["exercise"] == "recompile"]
    page = (out / "similarity.html").read_text(encoding="utf-8")
    recompile = page[page.index('id="unit-recompile"') : page.index('id="unit-fusion"')]
    assert "Too short to compare" in recompile and "s1, s2, s3" in recompile


def test_close_to_the_reference_solution_is_reported_apart(class_report: tuple[Path, Path]) -> None:
    _, out = class_report
    near = [r for r in rows(out) if r["student_b"] == "reference solution"]
    assert ("safe_distance", "s3") in {(r["exercise"], r["student_a"]) for r in near}
    # the reference itself is subtracted from pairs: s3 is close to it, but paired with nobody there
    assert not [
        r
        for r in rows(out)
        if r["exercise"] == "safe_distance"
        and r["student_b"] != "reference solution"
        and "s3" in (r["student_a"], r["student_b"])
    ]


HOSTILE_ANSWER = 'x = "</pre><script>alert(1)</script>"\n' + "y = " + "(" * 3000 + "1" + ")" * 3000 + "\n"


def test_malformed_and_hostile_notebooks_are_skipped_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    subs = tmp_path / "subs"
    small_class(subs)
    (subs / "broken.ipynb").write_text("{not json", encoding="utf-8")
    (subs / "old.ipynb").write_text(json.dumps({"nbformat": 3, "worksheets": []}), encoding="utf-8")
    with zipfile.ZipFile(subs / "evil.zip", "w") as zf:
        zf.writestr("../escape.ipynb", "{}")
    hostile = Answer(HOSTILE_ANSWER + "<b>" * 50 + "\n" + corpus_answer("histogram", "reference").python)
    write_student(subs, "hostile1", RELEASE, {"histogram": hostile})
    write_student(subs, "hostile2", RELEASE, {"histogram": hostile})
    write_student(subs, "surrogate", RELEASE, {"fusion": Answer("\x00\ud800" * 10)})  # valid JSON, not UTF-8
    code, out, err = run_cli([str(subs), "--out", str(tmp_path / "out"), "--release", str(RELEASE)], capsys)
    assert code == 0, err
    for sid in ("broken", "old", "evil"):
        assert f"{sid}: not compared: intake status malformed" in err
    # intake reads it (its lone surrogates become U+FFFD), so the report takes it like any other student
    assert "surrogate: not compared" not in err
    page = (tmp_path / "out" / "similarity.html").read_text(encoding="utf-8")
    assert "hostile1 and hostile2" in page
    # one script, the report's own constant (filtering and sorting): the hostile one is text
    from autograder.similarity.report import SCRIPT

    assert page.count("<script") == 1 and f"<script>{SCRIPT}</script>" in page
    assert "<b>" not in page and "&lt;/pre&gt;&lt;script&gt;" in page
    assert "broken" in page[page.index("Not compared") :]
    assert ("s1", "s2") in {(r["student_a"], r["student_b"]) for r in rows(tmp_path / "out")}


def test_a_canvas_download_is_read_with_roster_ids(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = tmp_path / "plain"
    small_class(plain)
    download = tmp_path / "download.zip"
    with zipfile.ZipFile(download, "w") as zf:
        for n, sid in enumerate(("s1", "s2", "s3")):
            for nb in sorted((plain / sid).iterdir()):
                zf.writestr(f"student{n}_{100 + n}_{900000 + n}_{nb.name}", nb.read_bytes())
    roster = tmp_path / "roster.csv"
    roster.write_text(
        "student_id,name,lms_id\n2026001,A,100\n2026002,B,101\n2026003,C,102\n", encoding="utf-8"
    )
    code, _, err = run_cli(
        [
            str(download),
            "--layout",
            "canvas",
            "--roster",
            str(roster),
            "--out",
            str(tmp_path / "out"),
            "--release",
            str(RELEASE),
        ],
        capsys,
    )
    assert code == 0, err
    pairs = {(r["exercise"], r["student_a"], r["student_b"]) for r in rows(tmp_path / "out")}
    assert ("histogram", "2026001", "2026002") in pairs
    assert not list((tmp_path / "out").glob(".lms-*")), "the staged copy is removed"


def test_an_nbgrader_course_is_read_from_submitted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from autograder.nbgrader_bridge import venv

    try:
        venv.nbgrader_python()
    except venv.NbgraderError as exc:
        pytest.skip(f"nbgrader's own environment is missing ({exc}); run ./scripts/bootstrap.sh")
    plain = tmp_path / "plain"
    small_class(plain)
    course = tmp_path / "course"
    for sid in ("s1", "s2", "s4"):
        target = course / "submitted" / sid / "2026-fall"
        target.mkdir(parents=True)
        for nb in (plain / sid).iterdir():
            (target / nb.name).write_bytes(nb.read_bytes())
    code, _, err = run_cli(
        [
            "--nbgrader",
            str(course),
            "--assignment",
            "2026-fall",
            "--release",
            str(RELEASE),
            "--out",
            str(tmp_path / "out"),
        ],
        capsys,
    )
    assert code == 0, err
    assert ("safe_distance", "s1", "s2") in {
        (r["exercise"], r["student_a"], r["student_b"]) for r in rows(tmp_path / "out")
    }


def test_usage_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "subs").mkdir()
    assert run_cli([str(tmp_path / "subs")], capsys)[0] == 2
    assert run_cli([str(tmp_path / "subs"), "--out", str(tmp_path / "subs" / "o")], capsys)[0] == 2
    assert run_cli([str(tmp_path / "subs"), "--out", str(tmp_path / "o"), "--threshold", "0"], capsys)[0] == 2


def test_the_grading_path_does_not_import_the_similarity_libraries() -> None:
    code = (
        "import sys, autograder.cli, autograder.grade, autograder.grade.batch, autograder.grade.run; "
        "autograder.cli.build_parser('grade'); "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('tree_sitter', 'tree_sitter_python', "
        "'tree_sitter_cpp', 'autograder.similarity') or m.startswith('autograder.similarity')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_renaming_reordering_and_padding_give_the_same_tokens() -> None:
    from autograder.similarity.tokens import tokenize

    original = (
        "import jax.numpy as jnp\n\ndef f(x):\n    return jnp.sum(x * 2)\n\ndef g(y):\n    return f(y) + 1\n"
    )
    copy = (
        '"""my answer"""\nimport jax.numpy as np_\n\ndef other(z):\n    return helper((z)) + 5\n\n'
        'def helper(v):  # renamed\n    print("debug", v)\n'
        "    if False:\n        v = 0\n    return (np_.sum(v * 7))\n\n"
    )
    assert [t.text for t in tokenize(original, "python")] == [t.text for t in tokenize(copy, "python")]
    assert [t.text for t in tokenize("int f(int a){return a+1;}\nint g(){return 2;}", "cpp")] == [
        t.text for t in tokenize("int k() { return 9; }\n// c\nint q(int b)\n{\n  return b + 3;\n}", "cpp")
    ]


def test_loops_rewritten_in_another_style_give_the_loop_they_came_from() -> None:
    from autograder.similarity.tokens import tokenize

    def texts(source: str) -> list[str]:
        return [t.text for t in tokenize(source, "python")]

    plain = "def f(xs, n):\n    for x in g(xs):\n        yield x.name\n    for i in range(n):\n        h(i)\n"
    rewritten = (
        "def f(xs, n):\n    _s = list(g(xs))\n    print(_s)\n    for _k in range(len(_s)):\n"
        "        # the item\n        x = _s[_k]\n        yield x.name\n"
        "    i = 0\n    while i < n:\n        h(i)\n        i += 1\n"
    )
    assert texts(rewritten) == texts(plain)
    over_itself = "def f(s):\n    for k in range(len(s)):\n        x = s[k]\n        yield x\n"
    assert texts(over_itself) == texts("def f(s):\n    for x in s:\n        yield x\n")
    # Near misses are other programs and stay as written: another index, a step of 2, no start at 0.
    for different in (
        "def f(s):\n    for k in range(len(s)):\n        x = s[k + 1]\n        yield x\n",
        "def f(n):\n    i = 0\n    while i < n:\n        h(i)\n        i += 2\n",
        "def f(n, i):\n    while i < n:\n        h(i)\n        i += 1\n",
    ):
        assert "while" in texts(different) or texts(different).count("N") > 6, different
        assert texts(different) != texts(plain)


def test_folding_loops_walks_a_hostile_block_by_sibling_links() -> None:
    from autograder.similarity import loops
    from autograder.similarity.tokens import tokenize

    # 40,000 statements that each look like the start of a folded loop: every check steps to the
    # neighbouring statement through sibling links, a few calls per statement (a scan of the block per
    # statement, the quadratic way, would be 40,000 per statement and take minutes).
    block = (
        "def f():\n" + "    s = list(a)\n    i = 0\n" * 20_000 + "    return s, i\n"
    )  # used: not dead code
    calls = 0
    original = loops._neighbour

    def counted(node, noise, step):  # noqa: ANN001, ANN202
        nonlocal calls
        calls += 1
        return original(node, noise, step)

    loops._neighbour = counted
    try:
        assert len(tokenize(block, "python")) > 100_000
    finally:
        loops._neighbour = original
    assert calls <= 3 * 40_000


def test_the_recompile_pool_is_subtracted_so_a_pasted_sequence_is_not_compared(tmp_path: Path) -> None:
    from autograder.model import ReleaseInfo
    from autograder.similarity import analyse, units

    pool = json.loads((RELEASE / "jaxcourse" / "recompile_pool.json").read_text(encoding="utf-8"))[
        "sequences"
    ]
    texts = {"s1": pool[0] + "\npredicted_compiles = 4\n", "s2": pool[0] + "\npredicted_compiles = 3\n"}
    sub = units.subtracted(ReleaseInfo.load(RELEASE), None)
    rep = analyse.analyse_unit("recompile", texts, sub, threshold=0.5, min_tokens=analyse.DEFAULT_MIN_TOKENS)
    assert not rep.pairs and not rep.compared and set(rep.too_short) | set(rep.starter_only) == {"s1", "s2"}
    without_pool = units.Subtracted({}, {})
    rep = analyse.analyse_unit("recompile", texts, without_pool, threshold=0.5, min_tokens=0)
    assert [(m.a, m.b) for m in rep.pairs] == [("s1", "s2")]  # the pool is what kept them apart


def test_a_huge_repetitive_answer_is_compared_by_its_start_only() -> None:
    from autograder.similarity import analyse, report, units

    # 100,000 identical lines each: unbounded, highlighting alone took a minute for 2,000 of them
    texts = {"a": "x = y + 1\n" * 100_000, "b": "x = y + 1\n" * 100_000, "c": "z = 2\n"}
    rep = analyse.analyse_unit("histogram", texts, units.Subtracted({}, {}), threshold=0.5, min_tokens=30)
    assert rep.truncated == ["a", "b"] and [(m.a, m.b) for m in rep.pairs] == [("a", "b")]
    assert len(rep.tokens["a"]) <= analyse.MAX_UNIT_TOKENS
    assert all(len(f.b) <= analyse.MAX_UNIT_TOKENS for f in rep.pairs[0].fragments)
    full = analyse.Report({"histogram": rep}, {"a": {"histogram": texts["a"]}}, {}, 0.5, 30)
    assert "only the start compared: a, b" in report.body_html(full)


def test_an_unanswered_exercise_is_starter_code_only_not_too_short(class_report: tuple[Path, Path]) -> None:
    # s5 submitted the release untouched: its safe_distance and recompile cells are the starter's
    # lines only (each shorter than a k-gram), which is "starter code only", never "too short".
    _, out = class_report
    page = (out / "similarity.html").read_text(encoding="utf-8")
    for unit, following in (("safe_distance", "reduce_sum_rules"), ("recompile", "fusion")):
        section = page[page.index(f'id="unit-{unit}"') : page.index(f'id="unit-{following}"')]
        starter = section[section.index("Starter code only") :]
        assert "s5" in starter[: starter.index("</p>")], unit
        if "Too short to compare" in section:
            short = section[section.index("Too short to compare") :]
            assert "s5" not in short[: short.index("</p>")], unit


def test_starter_lines_are_never_highlighted_as_shared(class_report: tuple[Path, Path]) -> None:
    # The kernel's `#include` lines and `namespace ffi = xla::ffi;`, and the release's `def` line of
    # the graded function, are every student's: a side-by-side view must not mark them as shared.
    import re

    _, out = class_report
    page = (out / "similarity.html").read_text(encoding="utf-8")
    for anchor, starter in (
        ("silu.cc-1", ("#include <cmath>", '#include "xla/ffi/api/ffi.h"', "namespace ffi = xla::ffi;")),
        ("safe_distance-1", ("def safe_pairwise_distance(X, Y):",)),
    ):
        view = page[page.index(f'id="{anchor}"') :]
        view = view[: view.index('<div class="pair"', 10)] if '<div class="pair"' in view[10:] else view
        marked = " ".join(re.findall(r"<mark[^>]*>(.*?)</mark>", view, flags=re.S))
        assert marked, f"{anchor}: nothing highlighted at all"
        for line in starter:
            assert escape(line) not in marked, f"{anchor}: starter line {line!r} highlighted as shared"


def test_the_report_summarises_recurring_pairs_and_links_tables_and_views_both_ways(
    class_report: tuple[Path, Path],
) -> None:
    import re

    _, out = class_report
    page = (out / "similarity.html").read_text(encoding="utf-8")
    # s1 and s2 are flagged in histogram, safe_distance and silu.cc: the first case in the summary
    summary = page[page.index('id="recurring"') : page.index('<section id="unit-')]
    first = re.search(
        r"<tr id=\"(recurring-[^\"]+)\"[^>]*><td>(\w+)</td><td>(\w+)</td><td>(\d+)</td>", summary
    )
    assert first is not None and first.group(2, 3) == ("s1", "s2") and int(first.group(4)) >= 3
    for anchor in ("histogram-1", "safe_distance-1", "silu.cc-1"):
        assert f'href="#{anchor}"' in summary
        assert '<tr data-a="s1" data-b="s2"' in page and f'id="row-{anchor}"' in page  # the table row
        view = page[page.index(f'<div class="pair" id="{anchor}"') :][:2000]
        assert f'href="#row-{anchor}"' in view and f'href="#{first.group(1)}"' in view  # back links
    # every pair of a table has its view (not only the first 50), and every view a row
    rows = set(re.findall(r'data-view="([^"]+)"', page))
    views = set(re.findall(r'<div class="pair" id="([^"]+)"', page))
    assert rows == views and rows
    assert page.count('<svg class="hist"') >= 3  # a score histogram per exercise compared


def two_groups_of_copies():  # noqa: ANN201 (an analyse.Report)
    """Two groups of ten disguised copies of one safe_distance answer each: every one of the 190 pairs
    reported (threshold 0). At the default 0.5 each group reads as a class converging on one text: a
    text half the class holds weighs (2/10) ** 1.2 per fingerprint (analyse.rarity_weight), and ten
    students holding it tie with each other, so no pair stands out from its students' other pairs."""
    from autograder.similarity import analyse, units

    threshold = 0.0

    texts = {
        f"{variant}{i:02d}": disguised(corpus_answer("safe_distance", variant), i).python
        for variant in ("masked_norm", "custom_jvp_sqrt")
        for i in range(10)
    }
    return analyse.Report(
        {
            "safe_distance": analyse.analyse_unit(
                "safe_distance", texts, units.Subtracted({}, {}), threshold=threshold, min_tokens=10
            )
        },
        {sid: {"safe_distance": t} for sid, t in texts.items()},
        {},
        threshold,
        10,
    )


def test_many_flagged_pairs_each_get_a_side_by_side_view() -> None:
    from autograder.similarity import report

    rep = two_groups_of_copies()
    flagged = len(rep.units["safe_distance"].pairs)
    assert flagged >= 90
    page = report.page_html(rep)
    assert page.count('<div class="pair" id="safe_distance-') == flagged


def test_close_to_the_reference_is_calibrated_against_the_class() -> None:
    from autograder.similarity.analyse import reference_cut

    # a class that mostly writes the reference's shape: only a clear outlier is listed
    everyone_close = [0.6, 0.62, 0.64, 0.66, 0.6, 0.63, 0.65, 0.61, 0.67, 0.64]
    cut = reference_cut(everyone_close, 0.5)
    assert all(s < cut for s in everyone_close) and reference_cut([*everyone_close, 0.98], 0.5) <= 0.98
    # a spread-out class keeps the threshold, and a class too small to calibrate does too
    assert reference_cut([0.0, 0.1, 0.05, 0.2, 0.0, 0.1, 0.3, 0.15], 0.5) == 0.5
    assert reference_cut([0.6, 0.62, 0.64], 0.5) == 0.5


@pytest.mark.skipif(not chromium.available(), reason=chromium.MISSING)
def test_the_report_filters_and_sorts_in_chromium(class_report: tuple[Path, Path], tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    from autograder.similarity import report

    _, out = class_report
    driver = chromium.headless_chromium("1200,1400")
    try:
        driver.get((out / "similarity.html").as_uri())
        driver.save_screenshot(str(chromium.screenshot_folder(tmp_path) / "similarity_report.png"))
        rows = driver.find_elements(By.CSS_SELECTOR, "tr[data-score]")
        assert any("s3" in (r.get_attribute("data-a"), r.get_attribute("data-b")) for r in rows)
        driver.find_element(By.ID, "sim-who").send_keys("s1")
        shown = [r for r in rows if r.is_displayed()]
        assert shown and all("s1" in (r.get_attribute("data-a"), r.get_attribute("data-b")) for r in shown)
        assert len(shown) < len(rows)
        # the side-by-side view of a hidden row is hidden with it
        hidden = next(r for r in rows if not r.is_displayed() and r.get_attribute("data-view"))
        assert not driver.find_element(By.ID, hidden.get_attribute("data-view")).is_displayed()
        many = tmp_path / "many.html"
        many.write_text(report.page_html(two_groups_of_copies()), encoding="utf-8")
        driver.get(many.as_uri())
        table = driver.find_element(By.CSS_SELECTOR, "#unit-safe_distance table")
        heads = table.find_elements(By.CSS_SELECTOR, "th")

        def column(i: int) -> list[str]:
            return [td.text for td in table.find_elements(By.CSS_SELECTOR, f"tr td:nth-child({i + 1})")]

        heads[0].click()  # the rank, descending
        ranks = [int(v) for v in column(0)]
        assert ranks == sorted(ranks, reverse=True) and len(ranks) >= 90 and ranks[0] > ranks[-1]
        heads[1].click()  # student A, descending: the `masked_norm` copies first
        assert column(1)[0].startswith("masked_norm") and column(1)[-1].startswith("custom_jvp_sqrt")
    finally:
        driver.quit()


def test_normalising_undoes_each_disguise_and_keeps_other_programs_apart() -> None:
    from autograder.similarity.tokens import tokenize

    def texts(source: str) -> list[str]:
        return [t.text for t in tokenize(source, "python")]

    plain = (
        "def f(x, y):\n    d = x[:, None] - y[None]\n    s = jnp.sum(d * d, axis=-1)\n"
        "    return jnp.where(s == 0, 0.0, jnp.sqrt(jnp.maximum(s, 1e-12)))\n"
    )
    disguises = {
        "lax and jnp swapped, operands commuted": (
            "def f(x, y):\n    d = jnp.subtract(x[:, None], y[None])\n    s = np.sum(d * d, axis=-1)\n"
            "    return lax.select(s == 0, 0.0, lax.sqrt(lax.max(s, 1e-12)))\n"
        ),
        "a helper split off": (
            "def _sq(d):\n    return jnp.sum(d * d, axis=-1)\n\ndef f(x, y):\n    d = x[:, None] - y[None]\n"
            "    s = _sq(d)\n    return jnp.where(s == 0, 0.0, jnp.sqrt(jnp.maximum(s, 1e-12)))\n"
        ),
        "dead and unreachable code": (
            "def f(x, y):\n    unused = x * 3\n    d = x[:, None] - y[None]\n"
            "    s = jnp.sum(d * d, axis=-1)\n"
            "    return jnp.where(s == 0, 0.0, jnp.sqrt(jnp.maximum(s, 1e-12)))\n    never = 1\n"
        ),
    }
    for what, source in disguises.items():
        assert texts(source) == texts(plain), what
    loop = "def g(xs):\n    out = []\n    for x in xs:\n        out.append(x * 2)\n    return out\n"
    assert texts("def g(xs):\n    out = [x * 2 for x in xs]\n    return out\n") == texts(loop)
    independent = "def f(a, b):\n    first = h(a)\n    second = k(b)\n    return first, second\n"
    swapped = "def f(a, b):\n    second = k(b)\n    first = h(a)\n    return first, second\n"
    assert texts(independent) == texts(swapped)
    # not the same programs: another operator, statements whose order matters
    assert texts(plain.replace("d * d", "d - d")) != texts(plain.replace("d * d", "d + d"))
    dependent = "def f(a):\n    a = h(a) + 1\n    b = k(a)\n    return b\n"
    assert texts(dependent) != texts("def f(a):\n    b = k(a)\n    a = h(a) + 1\n    return b\n")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.sampled_from(
            [
                "def f(x):",
                "    return",
                " x",
                " +",
                " *",
                " jnp.add(",
                " lax.select(",
                ")",
                "(",
                "[",
                "]",
                " for",
                " in",
                " xs",
                "\n",
                "    y = x",
                "    if False:",
                "    z = [a for a in b]",
                ",",
                ":",
                "1",
                "\x00",
                "é",
            ]
        ),
        max_size=80,
    )
)
def test_normalising_never_fails_and_tokens_stay_inside_the_source(parts: list[str]) -> None:
    # hostile text: whatever tree-sitter recovers, every token is a span of the source
    from autograder.similarity.tokens import tokenize

    source = "".join(parts)
    size = len(source.encode("utf-8", "replace"))
    for language in ("python", "cpp"):
        for t in tokenize(source, language):
            assert 0 <= t.start <= t.end <= size and t.text


def test_the_command_says_which_channels_it_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    small_class(tmp_path / "subs")
    base = ["--release", str(RELEASE), "--solutions", str(SOLUTIONS)]
    code, out, _ = run_cli([str(tmp_path / "subs"), "--out", str(tmp_path / "a"), *base], capsys)
    assert code == 0 and "channels used: code, layout, vocabulary\n" in out
    assert (
        "Channels used: code, layout, vocabulary (no grading output folder was given)"
        in (tmp_path / "a" / "similarity.html").read_text()
    )
    # a folder that is no grading output: said, and the report is the code channel alone
    (tmp_path / "empty").mkdir()
    argv = [
        str(tmp_path / "subs"),
        "--out",
        str(tmp_path / "b"),
        "--behaviour",
        str(tmp_path / "empty"),
        *base,
    ]
    code, out, err = run_cli(argv, capsys)
    assert code == 0 and "holds no readable */behaviour.json" in err
    assert "channels used: code, layout, vocabulary\n" in out
