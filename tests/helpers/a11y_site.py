"""The small term the accessibility tests serve, and axe-core run in Chromium on one page.

The term (helpers/ledger_term.py, quiz answers read by the worker's hook as helpers/quiz_term.py does,
exercise results recorded rather than graded) has each state a page can be in: s01 graded on hw2 with a
written quiz answer and an open regrade request, s02 graded on hw2 and still queued on hw5 (loading),
s03 with a grader error, s04 with nothing (empty). The TA has a regrade run of hw2. s01's hw2 grade has an
override and a TA's comment on a line of the graded attempt: the states a page marks by colour.

axe-core comes from tests/a11y/node_modules (the version and hash of tests/a11y/package-lock.json,
installed by scripts/bootstrap.sh): the test reads the file and runs it in the page, so nothing is
fetched from outside and the pages' Content-Security-Policy needs no exception.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autograder.grade import reports
from autograder.service.domain.gradebook import quiz_ledger
from autograder.service.domain.review import attempt_review, grade_review, line_comments, regrade_requests
from autograder.service.domain.review.line_comments import Target

from helpers.ledger_term import Term, make_term, outcome, release_with_points
from helpers.paths import REPO
from helpers.quiz_term import NOTEBOOKS, grader_quiz, letters_for, quiz_notebook, upload_quiz, with_quiz
from helpers.report_rows import result
from helpers.served import MALFORMED

AXE = REPO / "tests" / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
AXE_MISSING = f"prerequisite missing: {AXE} (run scripts/bootstrap.sh, which runs npm ci in tests/a11y)"
STUDENTS = ("s01", "s02", "s03", "s04")
POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}
# WCAG 2.0 and 2.1, levels A and AA: what the ADA Title II rule requires
WCAG_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
AXE_TIMEOUT_S = 120  # a bound on a hung page, not a timing assertion


@dataclass(frozen=True)
class Ids:
    """The concrete ids the routes' path parameters take on this term."""

    graded: int  # s01's graded hw2 attempt
    queued: int  # s02's hw5 attempt, not graded yet
    failed: int  # s03's attempt that ended in a grader error
    request: int  # s01's open regrade request
    run: int  # the regrade run of hw2


def build_term(root: Path) -> tuple[dict[str, str], Ids]:
    """Write the term's data under root/data (served afterwards); returns the tokens and the ids."""
    term = make_term(root, STUDENTS)
    service = term.service
    with service.engine.begin() as conn:
        quiz_ledger.enable(conn, "hw2", "anna", term.now[0])
        quiz_ledger.enable(conn, "hw5", "anna", term.now[0])
    answers = {"ch02.q1": "make_jaxpr 返回 ClosedJaxpr", "ch02.q3": letters_for("ch02.q3", "s01", right=True)}
    graded = _upload_with_feedback(term, "s01", "hw2", answers)
    upload_quiz(term, "s02", "hw2", {"histogram": 10.0}, {"ch02.q1": "是 Jaxpr 文本"})
    queued = int(service.intake.submit("s02", [("nb.ipynb", MALFORMED)], "hw5").id)
    failed = int(service.intake.submit("s03", [("nb.ipynb", MALFORMED)], "hw2").id)
    claimed = service.queue.claim_next("w")
    while claimed is not None and claimed.id != failed:  # s02's hw5 attempt goes back to the queue
        claimed = service.queue.claim_next("w")
    assert claimed is not None and service.queue.finish_grader_error("w", failed, "grader crashed")
    with service.engine.begin() as conn:
        request = regrade_requests.open_request(
            conn,
            assignment_id="hw2",
            student_id="s01",
            attempt_id=graded,
            exercise="recompile",
            message="请复查 recompile",
            now=term.now[0],
        )
    _override_and_comment(term, graded)
    release = release_with_points(root / "releases", "2026-fall-r2", {"recompile": 20.0})
    run = term.regrade_run("hw2", release, {"s01": POINTS, "s02": {"histogram": 10.0}})
    tokens = dict(term.tokens)
    service.close()
    return tokens, Ids(graded, queued, failed, request, run)


def _upload_with_feedback(term: Term, student_id: str, assignment_id: str, answers: dict[str, str]) -> int:
    """helpers/quiz_term.upload_quiz with the batch's feedback page among the grade's artefacts, as the
    grade host hands it back (the feedback frames and links of the attempt pages)."""
    data = quiz_notebook("ch02", answers)
    att = term.service.intake.submit(student_id, [(NOTEBOOKS["ch02"], data)], assignment_id)
    claimed = term.service.queue.claim_next("w")
    assert claimed is not None and claimed.id == att.id
    quiz = grader_quiz(term.service, claimed, assignment_id)
    done = with_quiz(outcome(student_id, assignment_id, POINTS, term.out_dir), quiz)
    feedback = reports.feedback_html(result(student_id)).encode("utf-8")
    done = dataclasses.replace(done, artefacts={**done.artefacts, "feedback_html": feedback})
    assert term.service.queue.finish_graded("w", att.id, done)
    return int(att.id)


def _override_and_comment(term: Term, attempt_id: int) -> None:
    """An override on s01's hw2 histogram and a TA's comment on the first line of the attempt's last
    code cell (shown to s01: hw2's grades are shown)."""
    service = term.service
    grade_review.set_override(service, "hw2", "s01", "histogram", 8.0, "按评语调整", "anna")
    review = attempt_review.review(service, attempt_id, named=True, own_part=service.attempt_reads.own_part)
    assert review is not None and review.cells, "the graded attempt has no code cell to comment on"
    cell = review.cells[-1]
    at = Target(cell.file, cell.index, 1, 1)
    line_comments.add(service, review, at, "这里的梯度会经过 sqrt(0)", actor="anna", now=term.now[0])


def run_axe(driver: Any) -> list[dict[str, Any]]:
    """axe-core's WCAG 2.1 A/AA violations on the page the driver shows (frames are visited as pages
    of their own: the feedback routes)."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    options = {"runOnly": {"type": "tag", "values": list(WCAG_TAGS)}, "iframes": False}
    driver.set_script_timeout(AXE_TIMEOUT_S)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0]).then(r => done(JSON.stringify(r.violations)),"
        " e => done(JSON.stringify([{id: 'axe-error', help: String(e), nodes: []}])));",
        options,
    )
    return list(json.loads(result))


def overflow_at(driver: Any, width: int) -> int:
    """How many CSS px the page is wider than a `width` px viewport (0: it reflows); what scrolls in
    its own box (a wide table's wrapper) does not count."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": False},
    )
    try:
        return int(
            driver.execute_script(
                "return Math.max(0, document.documentElement.scrollWidth - window.innerWidth)"
            )
        )
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def charts_without_table(driver: Any) -> list[str]:
    """The titles of the page's charts (an SVG drawn as an image) whose parent holds no table."""
    return list(
        driver.execute_script(
            "return [...document.querySelectorAll('svg[role=img]')]"
            ".filter(s => !s.parentElement.querySelector('table'))"
            ".map(s => s.getAttribute('aria-label') || s.outerHTML.slice(0, 80));"
        )
    )
