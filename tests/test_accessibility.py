"""WCAG 2.1 A/AA on every page of the service (issue 45, section 2): axe-core in headless Chromium
against a real `jaxgrade serve` on loopback, in Chinese (the default) and English.

The pages are enumerated from the app's own routers: every GET route is either visited below, in each
state it has on the term of helpers/a11y_site.py (empty, loading, error, filled), or listed in
NOT_PAGES with the reason it renders no page; a new page route that is in neither fails
`test_every_get_route_is_visited_or_not_a_page`. On each page axe-core runs with the rules tagged
wcag2a, wcag2aa, wcag21a, wcag21aa, and the page must fit a 320 CSS px window (WCAG 1.4.10 reflow).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from helpers import a11y_keys, a11y_signals, a11y_site, chromium
from helpers.a11y_site import Ids
from helpers.paths import REPO
from helpers.quiz_term import NOTEBOOKS, quiz_notebook
from helpers.served import Served, serve

pytestmark = pytest.mark.slow
if not chromium.available():
    pytestmark = [pytest.mark.slow, pytest.mark.skip(reason=chromium.MISSING)]
elif not a11y_site.AXE.is_file():
    pytestmark = [pytest.mark.slow, pytest.mark.skip(reason=a11y_site.AXE_MISSING)]
else:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

REFLOW_PX = 320
READY_S = 120  # a bound on the similarity report's computation, not a timing assertion

# Routes that render no page, and why.
NOT_PAGES = {
    "/static/{name}": "the pages' CSS and scripts",
    "/favicon.ico": "an icon",
    "/notebooks/{chapter}": "a notebook download",
    "/attempts.json": "JSON the student page polls",
    "/ta/grades.csv": "a CSV download",
    "/ta/canvas.csv": "a CSV download",
    "/lti/jwks": "the tool's public keys (JSON)",
    "/lti/static/{name}.js": "a script",
    "/lti/login": "an LTI launch step that redirects to the platform",
    "/lti/register/{secret}": "LTI dynamic registration, opened by the LMS with a one-time secret",
    "/ta/similarity.js": "a script",
    "/ta/similarity.css": "a stylesheet",
    "/ta/regrade-runs/": "a redirect to /ta/regrade-runs",
    "/ta/regrade.css": "a stylesheet",
    "/ta/assignments/summary.csv": "a CSV download",
    "/ta/assignments/{assignment_id}/{kind}.csv": "a CSV download",
    "/ta/assignments/{assignment_id}/submissions.zip": "a zip download",
    "/student-folder.zip": "a zip download",
    "/ta/audit.csv": "a CSV download",
    "/ta/quiz/rubric.css": "a stylesheet",
    "/ta/quiz/grader.js": "a script",
    "/line-comments/keys.js": "a script",
    "/line-comments/style.css": "a stylesheet",
}
API_PREFIX = "/api/"  # JSON and CSV for programs, never a page


@dataclass(frozen=True)
class Visit:
    route: str  # the route's path as the router declares it
    who: str  # "" (logged out), a student id, or "ta"
    path: str  # the concrete path visited
    state: str  # which state of the page this is
    ready: str = ""  # text the page shows once what it shows is computed (reloaded until then)


def visits(ids: Ids) -> list[Visit]:
    """Every page in each state the term gives it."""
    g, q, f, rq, run = ids.graded, ids.queued, ids.failed, ids.request, ids.run
    return [
        Visit("/login", "", "/login", "form"),
        Visit("/", "s01", "/", "filled"),
        Visit("/", "s02", "/", "loading"),
        Visit("/", "s04", "/", "empty"),
        Visit("/assignments/{assignment_id}", "s01", "/assignments/hw2", "filled"),
        Visit("/assignments/{assignment_id}", "s04", "/assignments/hw5", "empty"),
        Visit("/assignments/{assignment_id}", "s01", "/assignments/no-such", "error"),
        Visit("/attempts/{attempt_id:int}", "s01", f"/attempts/{g}", "filled"),
        Visit("/attempts/{attempt_id:int}", "s02", f"/attempts/{q}", "loading"),
        Visit("/attempts/{attempt_id:int}", "s03", f"/attempts/{f}", "error"),
        Visit("/attempts/{attempt_id:int}/feedback", "s01", f"/attempts/{g}/feedback", "filled"),
        Visit("/attempts/{attempt_id:int}/feedback", "s03", f"/attempts/{f}/feedback", "error"),
        Visit("/assignments/{assignment_id}/quiz", "s01", "/assignments/hw2/quiz", "filled"),
        Visit("/assignments/{assignment_id}/quiz", "s04", "/assignments/hw2/quiz", "empty"),
        Visit("/ta", "ta", "/ta", "filled"),
        Visit("/ta/lti", "ta", "/ta/lti", "empty"),
        Visit("/ta/similarity", "ta", "/ta/similarity?assignment=hw2", "filled", ready="Computed"),
        Visit("/ta/similarity", "ta", "/ta/similarity?assignment=hw5", "not computed"),
        Visit("/ta/regrade-runs", "ta", "/ta/regrade-runs", "filled"),
        Visit("/ta/regrade-runs/{run_id:int}", "ta", f"/ta/regrade-runs/{run}", "filled"),
        Visit(
            "/ta/regrade-runs/{run_id:int}/feedback/{attempt_id:int}/{side}",
            "ta",
            f"/ta/regrade-runs/{run}/feedback/{g}/new",
            "filled",
        ),
        Visit("/ta/items", "ta", "/ta/items", "charts"),
        Visit("/ta/assignments", "ta", "/ta/assignments", "filled"),
        Visit("/ta/assignments/", "ta", "/ta/assignments/", "filled"),
        Visit("/ta/assignments/{assignment_id}", "ta", "/ta/assignments/hw2", "filled"),
        Visit("/ta/assignments/{assignment_id}", "ta", "/ta/assignments/no-such", "error"),
        Visit(
            "/ta/assignments/{assignment_id}/students/{student_id}",
            "ta",
            "/ta/assignments/hw2/students/s01",
            "filled",
        ),
        Visit(
            "/ta/assignments/{assignment_id}/students/{student_id}",
            "ta",
            "/ta/assignments/hw2/students/s04",
            "empty",
        ),
        Visit("/ta/find-student", "ta", "/ta/find-student?student_id=s0", "filled"),
        Visit("/ta/students/{student_id}", "ta", "/ta/students/s01", "filled"),
        Visit("/ta/requests", "ta", "/ta/requests", "filled"),
        Visit("/ta/request/{request_id:int}", "ta", f"/ta/request/{rq}", "filled"),
        Visit("/ta/audit", "ta", "/ta/audit", "filled"),
        Visit("/ta/quiz", "ta", "/ta/quiz", "filled"),
        Visit("/ta/quiz/{assignment_id}/{qid}", "ta", "/ta/quiz/hw2/ch02.q1", "rubric grading"),
        Visit("/ta/attempts/{attempt_id:int}", "ta", f"/ta/attempts/{g}", "filled"),
        Visit("/ta/attempts/{attempt_id:int}", "ta", f"/ta/attempts/{f}", "error"),
        Visit("/ta/attempts/{attempt_id:int}/feedback", "ta", f"/ta/attempts/{g}/feedback", "filled"),
    ]


def _get_routes() -> dict[str, Any]:
    from autograder.service.app.app import routers

    return {
        r.path: r
        for router in routers()
        for r in router.routes
        if "GET" in (getattr(r, "methods", None) or ())
    }


SAMPLE_IDS = Ids(graded=1, queued=2, failed=3, request=4, run=5)


def test_every_get_route_is_visited_or_not_a_page() -> None:
    """A page route added to the app without a visit here fails; so does a visit whose path its
    route does not match (a stale entry)."""
    from starlette.routing import Match

    routes = _get_routes()
    visited = {v.route for v in visits(SAMPLE_IDS)}
    pages = {p for p in routes if not p.startswith(API_PREFIX) and p not in NOT_PAGES}
    assert pages - visited == set(), "GET routes neither visited nor listed in NOT_PAGES"
    assert visited - set(routes) == set(), "visits of routes the app no longer has"
    for v in visits(SAMPLE_IDS):
        scope = {"type": "http", "method": "GET", "path": v.path.split("?")[0]}
        assert routes[v.route].matches(scope)[0] == Match.FULL, v


@dataclass(frozen=True)
class PageReport:
    visit: Visit
    title: str
    violations: list[dict[str, Any]]
    overflow_px: int
    charts_without_table: list[str]  # the charts (their titles) with no data table beside them
    wrong_lang: list[str]  # text in a language its nearest `lang` does not say
    colour_only: list[str]  # status markers whose text does not say the status
    unmarked_times: list[str]  # course times not in a <time datetime>


LANGUAGES = ("zh_CN", "en")


@pytest.fixture(scope="module")
def walks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Future[list[PageReport]]]]:
    """Both languages' walks at once, each on a term, a server and a Chromium of its own: a walk waits
    on page loads and on pages that refresh until their state shows, so the two side by side take
    less time than one after the other. The terms are written first, here (they render feedback in
    this process, whose language a test of this module switches); the threads only drive Chromium."""
    terms = {}
    for lang in LANGUAGES:
        root = tmp_path_factory.mktemp(f"a11y-{lang}")
        terms[lang] = (root, *a11y_site.build_term(root))
    with ThreadPoolExecutor(len(LANGUAGES)) as pool:
        yield {lang: pool.submit(_walk_term, lang, *terms[lang]) for lang in LANGUAGES}


@pytest.fixture(scope="module", params=LANGUAGES)
def walked(request: pytest.FixtureRequest, walks: dict[str, Future[list[PageReport]]]) -> list[PageReport]:
    """Every visit's axe-core violations and its overflow at 320 px, in one language."""
    return walks[request.param].result(timeout=1800)


def _walk_term(language: str, root: Path, tokens: dict[str, str], ids: Ids) -> list[PageReport]:
    lang = () if language == "zh_CN" else ("--language", language)
    served = serve(root / "data", "--course", str(root / "course.toml"), "--workers", "0", *lang)
    drv = chromium.headless_chromium()
    # The feedback documents are sandboxed (no script runs in them): the test's own script, axe-core,
    # runs there only with the policy bypassed; what axe-core reads of the page is the same.
    drv.execute_cdp_cmd("Page.setBypassCSP", {"enabled": True})
    try:
        return list(_walk(drv, served, tokens | {"ta": served.ta}, visits(ids)))
    finally:
        drv.quit()
        served.stop()


def _walk(drv: Any, served: Served, tokens: dict[str, str], todo: list[Visit]) -> Iterator[PageReport]:
    who = None
    for v in todo:
        if v.who != who:
            drv.delete_all_cookies()
            if v.who:
                drv.get(served.url + "/login")
                drv.find_element(By.ID, "token").send_keys(tokens[v.who])
                drv.find_element(By.ID, "login").click()
                WebDriverWait(drv, 30).until(lambda d: "/login" not in d.current_url)
            who = v.who
        drv.get(served.url + v.path)
        WebDriverWait(drv, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
        end = time.monotonic() + READY_S
        while v.ready and v.ready not in drv.find_element(By.TAG_NAME, "main").text:
            assert time.monotonic() < end, f"{v}: not ready after {READY_S} s"
            time.sleep(1)
            drv.refresh()
        landed = urlsplit(drv.current_url)
        assert (landed.path, landed.query) == tuple(urlsplit(v.path)[2:4]), f"{v} landed on {drv.current_url}"
        print(f"axe-core on {v.path} ({v.who}, {v.state})", flush=True)
        yield PageReport(
            v,
            drv.title,
            a11y_site.run_axe(drv),
            a11y_site.overflow_at(drv, REFLOW_PX),
            a11y_site.charts_without_table(drv),
            a11y_signals.wrong_language_text(drv),
            a11y_signals.colour_only_markers(drv),
            a11y_signals.unmarked_times(drv),
        )


def _describe(r: PageReport) -> list[str]:
    return [
        f"{r.visit.path} ({r.visit.who or 'logged out'}, {r.visit.state}): {v['id']} [{v.get('impact')}] "
        f"{v.get('help', '')} at {[n.get('target') for n in v.get('nodes', [])][:5]}"
        for v in r.violations
    ]


def test_axe_core_finds_no_wcag_21_aa_violation(walked: list[PageReport]) -> None:
    lines = [line for r in walked for line in _describe(r)]
    assert lines == [], f"{len(lines)} axe-core violations:\n" + "\n".join(lines)


def test_pages_reflow_at_320_css_px(walked: list[PageReport]) -> None:
    wide = [
        f"{r.visit.path} ({r.visit.who}, {r.visit.state}): {r.overflow_px} px"
        for r in walked
        if r.overflow_px
    ]
    assert wide == [], f"pages wider than {REFLOW_PX} px:\n" + "\n".join(wide)


def test_axe_core_reports_what_it_is_run_for() -> None:
    """The harness can fail: a page with no language, no title and an image without a text
    alternative gives axe-core's three violations."""
    drv = chromium.headless_chromium()
    try:
        drv.get("data:text/html,<!doctype html><html><body><main><img src='x.png'></main></body></html>")
        found = {v["id"] for v in a11y_site.run_axe(drv)}
    finally:
        drv.quit()
    assert {"html-has-lang", "document-title", "image-alt"} <= found, found


def test_every_chart_has_its_data_as_a_table_beside_it(walked: list[PageReport]) -> None:
    charts = [f"{r.visit.path}: {title}" for r in walked for title in r.charts_without_table]
    assert charts == [], "charts without a data table:\n" + "\n".join(charts)


def _listed(walked: list[PageReport], field: str) -> list[str]:
    return [
        f"{r.visit.path} ({r.visit.who or 'logged out'}, {r.visit.state}): {line}"
        for r in walked
        for line in getattr(r, field)
    ]


def test_every_fragment_says_its_own_language(walked: list[PageReport]) -> None:
    """WCAG 3.1.2: Chinese text (a student's name, message or answer, an assignment's title, a quiz
    prompt) on an English page, and English prose on a Chinese page, sit in an element whose `lang`
    says their language, so a screen reader switches voice."""
    wrong = _listed(walked, "wrong_lang")
    routes = sorted({line.split(" (")[0] for line in wrong})
    assert wrong == [], f"{len(wrong)} fragments on {len(routes)} pages:\n" + "\n".join(wrong)


def test_colour_is_never_the_only_signal(walked: list[PageReport]) -> None:
    """WCAG 1.4.1: every status marker the stylesheets colour (late, overridden, hidden, graded,
    failed, a given rubric item, a commented line) says its status in words too."""
    only = _listed(walked, "colour_only")
    assert only == [], f"{len(only)} markers said by colour only:\n" + "\n".join(only)


def test_every_course_time_is_a_time_element(walked: list[PageReport]) -> None:
    """Every time shown in the course's zone is a `<time datetime>`, which the page's script gives
    a title in the reader's own zone."""
    bare = _listed(walked, "unmarked_times")
    assert bare == [], f"{len(bare)} times not marked up:\n" + "\n".join(bare)


def test_the_feedback_page_says_the_language_it_is_written_in() -> None:
    """The batch's feedback page (shown in the attempt page's frame) is in the process's language,
    and its `lang` says so: a screen reader reads an English course's feedback in English."""
    from autograder import i18n
    from autograder.grade import reports

    from helpers.report_rows import result

    try:
        i18n.use("en")
        assert '<html lang="en">' in reports.feedback_html(result("s1"))
    finally:
        i18n.use(None)
    assert '<html lang="zh-CN">' in reports.feedback_html(result("s1"))


@pytest.fixture(scope="module")
def keyboard_site(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Served, dict[str, str], Ids, Any]]:
    root = tmp_path_factory.mktemp("a11y-keyboard")
    tokens, ids = a11y_site.build_term(root)
    served = serve(root / "data", "--course", str(root / "course.toml"), "--workers", "0")
    drv = chromium.headless_chromium()
    try:
        yield served, tokens, ids, drv
    finally:
        drv.quit()
        served.stop()


def _log_in_by_keyboard(drv: Any, served: Served, token: str) -> list[str]:
    drv.delete_all_cookies()
    drv.get(served.url + "/login")
    undrawn = a11y_keys.tab_to(drv, "#token") if a11y_keys.focused_id(drv) != "token" else []
    a11y_keys.type_keys(drv, token)
    undrawn += a11y_keys.tab_to(drv, "#login")
    a11y_keys.type_keys(drv, Keys.ENTER)
    WebDriverWait(drv, 30).until(lambda d: "/login" not in d.current_url)
    return undrawn


def _loaded(drv: Any) -> bool:
    return bool(drv.execute_script("return document.readyState") == "complete")


def test_a_student_uploads_reads_feedback_and_asks_for_a_regrade_by_keyboard_only(
    keyboard_site: tuple[Served, dict[str, str], Ids, Any], tmp_path: Path
) -> None:
    """Tab, typing and Enter only (the address bar aside): every element on the way shows its
    focus, and Tab reaches each control (no trap)."""
    served, tokens, ids, drv = keyboard_site
    notebook = tmp_path / NOTEBOOKS["ch05"]
    notebook.write_bytes(quiz_notebook("ch05", {}))
    # s04 uploads hw5's notebook: the file field takes the path as the system's file dialog would
    undrawn = _log_in_by_keyboard(drv, served, tokens["s04"])
    drv.get(served.url + "/assignments/hw5")
    undrawn += a11y_keys.tab_to(drv, "#files")
    drv.switch_to.active_element.send_keys(str(notebook))
    undrawn += a11y_keys.tab_to(drv, "#submit")
    a11y_keys.type_keys(drv, Keys.ENTER)
    WebDriverWait(drv, 30).until(lambda d: "/attempts/" in d.current_url and _loaded(d))
    # s01 opens the feedback of a graded attempt in a window of its own (the frame takes no focus)
    undrawn += _log_in_by_keyboard(drv, served, tokens["s01"])
    drv.get(f"{served.url}/attempts/{ids.graded}")
    undrawn += a11y_keys.tab_to(drv, f'a[href="/attempts/{ids.graded}/feedback"]')
    page = drv.current_window_handle
    a11y_keys.type_keys(drv, Keys.ENTER)
    WebDriverWait(drv, 30).until(lambda d: len(d.window_handles) == 2)
    drv.switch_to.window(next(h for h in drv.window_handles if h != page))
    WebDriverWait(drv, 30).until(lambda d: d.current_url.endswith("/feedback") and _loaded(d))
    assert drv.find_element(By.TAG_NAME, "h1").text, "the feedback page has no heading"
    drv.close()
    drv.switch_to.window(page)
    # and asks for a regrade of another exercise than the one already asked about
    drv.get(served.url + "/assignments/hw2")
    undrawn += a11y_keys.tab_to(drv, "#request-exercise")
    a11y_keys.type_keys(drv, "h")  # a select moves to the first option starting with the key: histogram
    undrawn += a11y_keys.tab_to(drv, "#request-message")
    a11y_keys.type_keys(drv, "请复查 histogram 的第二个检查")
    undrawn += a11y_keys.tab_to(drv, "#request-submit")
    a11y_keys.type_keys(drv, Keys.ENTER)
    WebDriverWait(drv, 30).until(lambda d: "请复查 histogram 的第二个检查" in d.page_source and _loaded(d))
    assert drv.find_elements(By.CSS_SELECTOR, "[role=status]"), "the outcome is not announced"
    assert undrawn == [], f"focus not drawn on: {undrawn}"


def test_the_ta_assignment_page_draws_the_keyboard_focus_on_every_control(
    keyboard_site: tuple[Served, dict[str, str], Ids, Any],
) -> None:
    """Tab from the top of a TA assignment page to its table's sort buttons passes the extension
    form's date fields (their focus is on a part inside them) and every one draws its focus."""
    served, _, _, drv = keyboard_site
    _log_in_by_keyboard(drv, served, served.ta)
    drv.get(served.url + "/ta/assignments/hw2")
    WebDriverWait(drv, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "th button.sort"))
    undrawn = a11y_keys.tab_to(drv, "th button.sort")
    assert undrawn == [], f"focus not drawn on: {undrawn}"


def test_a_pending_attempts_state_is_announced_when_it_changes(
    keyboard_site: tuple[Served, dict[str, str], Ids, Any],
) -> None:
    """The state of an attempt still in the queue, which the page's poll rewrites in place, is a
    live region: a screen reader reads the new state out."""
    served, tokens, ids, drv = keyboard_site
    _log_in_by_keyboard(drv, served, tokens["s02"])
    drv.get(f"{served.url}/attempts/{ids.queued}")
    WebDriverWait(drv, 30).until(_loaded)
    cell = drv.find_element(By.ID, "attempt-state")
    assert cell.get_attribute("data-pending") == "1"
    assert drv.execute_script(
        "return arguments[0].closest('[aria-live=polite], [role=status]') !== null", cell
    )


def test_a_ta_grades_overrides_extends_and_releases_by_keyboard_only(
    keyboard_site: tuple[Served, dict[str, str], Ids, Any],
) -> None:
    """Tab, typing and Enter only: a rubric item given to a written quiz answer (said in words, not
    only by its colour), an override with a comment, an extension for one student (said in a status
    message) and the release of an assignment's grades through its warning page."""
    served, _, _, drv = keyboard_site
    undrawn = _log_in_by_keyboard(drv, served, served.ta)
    # rubric item 1 to the first written answer of ch02.q1
    drv.get(served.url + "/ta/quiz/hw2/ch02.q1")
    undrawn += a11y_keys.tab_to(drv, "#item-1")
    a11y_keys.type_keys(drv, Keys.ENTER)
    WebDriverWait(drv, 30).until(
        lambda d: _loaded(d) and d.find_element(By.ID, "item-1").get_attribute("aria-pressed") == "true"
    )
    # a given item is coloured; it says "applied" too (WCAG 1.4.1)
    assert drv.find_elements(By.CSS_SELECTOR, ".rubric-item button.applied")
    assert a11y_signals.colour_only_markers(drv) == []
    drv.get(served.url + "/ta/students/s02?assignment=hw2")
    undrawn += a11y_keys.tab_to(drv, "#override-points")
    a11y_keys.type_keys(drv, "3")
    undrawn += a11y_keys.tab_to(drv, "#override-comment")
    a11y_keys.type_keys(drv, "checked by hand")
    undrawn += a11y_keys.tab_to(drv, "#override-submit")
    a11y_keys.type_keys(drv, Keys.ENTER)
    WebDriverWait(drv, 30).until(lambda d: "checked by hand" in d.page_source and _loaded(d))
    drv.get(served.url + "/ta/assignments/hw5")
    undrawn += a11y_keys.tab_to(drv, "#bulk-ids")
    a11y_keys.type_keys(drv, "s04")
    undrawn += a11y_keys.tab_to(drv, "#bulk-extend")
    a11y_keys.type_keys(drv, Keys.ENTER)
    WebDriverWait(drv, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[role=status]") and _loaded(d))
    drv.get(served.url + "/ta/assignments/hw5")
    undrawn += a11y_keys.tab_to(drv, "#release-grades")
    a11y_keys.type_keys(drv, Keys.ENTER)
    # hw5 has written quiz answers not graded yet: the page asks first
    WebDriverWait(drv, 30).until(lambda d: d.find_elements(By.ID, "release-anyway") and _loaded(d))
    undrawn += a11y_keys.tab_to(drv, "#release-anyway")
    a11y_keys.type_keys(drv, Keys.ENTER)
    WebDriverWait(drv, 30).until(lambda d: d.find_elements(By.ID, "unrelease-grades") and _loaded(d))
    assert undrawn == [], f"focus not drawn on: {undrawn}"


def test_the_course_name_on_an_english_ta_page_says_its_own_language(
    keyboard_site: tuple[Served, dict[str, str], Ids, Any],
) -> None:
    """The TA pages are English; the course's name in the shared header is in the course's language
    (zh_CN here), and says so, so a screen reader reads it in that language (WCAG 3.1.2)."""
    served, _, _, drv = keyboard_site
    _log_in_by_keyboard(drv, served, served.ta)
    drv.get(served.url + "/ta")
    WebDriverWait(drv, 30).until(_loaded)
    assert drv.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    name = drv.find_element(By.CSS_SELECTOR, "header.top .brand [lang]")
    assert (name.get_attribute("lang"), name.text) == ("zh-CN", "JAX 高级编程")


def test_a_course_time_shows_the_readers_own_zone_on_hover(
    keyboard_site: tuple[Served, dict[str, str], Ids, Any],
) -> None:
    """The course's zone is UTC; a reader in New York (Chromium's time zone overridden by CDP) sees
    the upload time as the course shows it and, on hover, the same instant at 7 in the morning."""
    served, tokens, ids, drv = keyboard_site
    drv.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "America/New_York"})
    try:
        _log_in_by_keyboard(drv, served, tokens["s01"])
        drv.get(f"{served.url}/attempts/{ids.graded}")
        WebDriverWait(drv, 30).until(lambda d: _loaded(d) and d.find_elements(By.CSS_SELECTOR, "time[title]"))
        shown = drv.find_element(By.CSS_SELECTOR, "time[title]")
        assert shown.text == "2026-12-01T12:00 (UTC)"
        assert shown.get_attribute("datetime") == "2026-12-01T12:00:00.000Z"
        title = shown.get_attribute("title")
        assert "7:00" in title and "12:00" not in title, title
    finally:
        drv.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def test_a_time_in_a_named_zone_is_read_as_that_zones_instant() -> None:
    """static/local_time.js on a page of its own (no server): a time shown in Asia/Shanghai, across
    New York's change to daylight saving time, and a fixed-offset zone, each read as its instant."""
    from autograder.service.web.pages import STATIC

    assert "local_time.js" in STATIC
    script = (REPO / "autograder" / "service" / "web" / "static" / "local_time.js").read_text("utf-8")
    drv = chromium.headless_chromium()
    try:
        drv.get(
            "data:text/html;charset=utf-8,<!doctype html><html lang=en><body><p>due "
            "2026-12-20T23:59 (Asia/Shanghai), then 2026-03-08T03:30 (America/New_York)"
            "</p><p>2026-12-20T23:59 (UTC-05:30)</p></body></html>"
        )
        drv.execute_script(script)
        found = drv.execute_script(
            "return [...document.querySelectorAll('time')].map(t => [t.textContent, t.dateTime])"
        )
    finally:
        drv.quit()
    assert found == [
        ["2026-12-20T23:59 (Asia/Shanghai)", "2026-12-20T15:59:00.000Z"],
        ["2026-03-08T03:30 (America/New_York)", "2026-03-08T07:30:00.000Z"],
        ["2026-12-20T23:59 (UTC-05:30)", "2026-12-21T05:29:00.000Z"],
    ]



def test_the_ta_attempt_pages_feedback_frame_takes_the_focus_and_gives_it_back(
    keyboard_site: tuple[Served, dict[str, str], Ids, Any],
) -> None:
    """Tab reaches the feedback frame on the TA's attempt page past the code lines (a link skips
    them), the frame has the focus (the arrow keys scroll it) and draws it, and Tab leaves it for
    the link after it."""
    served, _, ids, drv = keyboard_site
    _log_in_by_keyboard(drv, served, served.ta)
    drv.get(f"{served.url}/ta/attempts/{ids.graded}")
    WebDriverWait(drv, 30).until(_loaded)
    # every code line is a Tab stop: the page's section links skip them
    undrawn = a11y_keys.tab_to(drv, "#skip-to-feedback")
    a11y_keys.type_keys(drv, Keys.ENTER)
    # the link's navigation moves where Tab starts from once it is done: wait for it
    WebDriverWait(drv, 30).until(lambda d: d.execute_script("return location.hash") == "#attempt-feedback")
    undrawn += a11y_keys.tab_to(drv, "#attempt-feedback iframe")
    # the frame's document has the focus, on its page (which the arrow keys then scroll), drawn there
    assert a11y_keys.focus_problem(drv) == ""
    drv.switch_to.frame(drv.switch_to.active_element)
    try:
        assert drv.execute_script("return document.activeElement.tagName") == "MAIN"
    finally:
        drv.switch_to.default_content()
    undrawn += a11y_keys.tab_to(drv, f'#attempt-feedback a[href="/ta/attempts/{ids.graded}/feedback"]')
    assert undrawn == [], f"focus not drawn on: {undrawn}"
