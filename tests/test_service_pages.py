"""The service's pages: SVG charts and signed sessions (units), then the pages of a real `jaxgrade serve`."""

from __future__ import annotations

import base64
import csv
import io
import json
import re
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from itsdangerous import URLSafeTimedSerializer

from autograder.grade.reports import GRADES_COLUMNS
from autograder.service.web import charts, pages, sessions

from helpers.browserish import Browserish
from helpers.paths import REPO
from helpers.served import Served, serving

SVG = "{http://www.w3.org/2000/svg}"


def _bars(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [el for el in root.iter(f"{SVG}rect") if el.get("class") == "bar"]


# ---- charts -------------------------------------------------------------------------------------


def test_histogram_bins_count_every_score_once_with_max_in_last_bin():
    counts = charts.histogram_bins([0, 5, 9.99, 10, 79.5, 80, 80], max_score=80, bins=8)
    assert counts == [3, 1, 0, 0, 0, 0, 0, 3]
    assert sum(counts) == 7


def test_histogram_bins_clamp_out_of_range_scores():
    assert charts.histogram_bins([-1, 81], max_score=80, bins=4) == [1, 0, 0, 1]


def test_histogram_bins_without_points_put_everything_in_one_bin():
    assert charts.histogram_bins([0, 0], max_score=0, bins=3) == [2, 0, 0]
    with pytest.raises(ValueError):
        charts.histogram_bins([1], max_score=1, bins=0)


def test_score_histogram_is_valid_svg_with_bar_heights_proportional_to_counts():
    svg = charts.score_histogram([10, 10, 10, 70, 80], max_score=80, bins=8)
    bars = _bars(svg)
    assert len(bars) == 8
    counts = [int(b.get("data-count")) for b in bars]
    assert counts == [0, 3, 0, 0, 0, 0, 0, 2]
    heights = [float(b.get("height")) for b in bars]
    assert heights[1] > heights[7] > 0 == heights[0]
    assert heights[7] == pytest.approx(heights[1] * 2 / 3, rel=0.01)
    assert "n=5" in svg
    assert 'style="' not in svg  # CSP without 'unsafe-inline'


def test_score_histogram_of_nothing_still_draws_empty_bins():
    bars = _bars(charts.score_histogram([], max_score=80))
    assert len(bars) == 10
    assert all(float(b.get("height")) == 0 for b in bars)


def test_pass_rate_bars_lengths_follow_rates_and_labels_are_escaped():
    rows = [
        charts.RateRow("histogram", 0.75),
        charts.RateRow("<script>alert(1)</script>", 0.0),
        charts.RateRow("never graded", None),
    ]
    svg = charts.pass_rate_bars(rows, title="Per-exercise pass rate & more")
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    bars = _bars(svg)  # parses, so the escaping produced well-formed XML
    assert [float(b.get("data-rate")) for b in bars] == [0.75, 0.0, 0.0]
    assert float(bars[0].get("width")) > 0 == float(bars[1].get("width"))
    assert "histogram: 75%" in svg and "never graded: no data" in svg
    assert bars[1].get("fill") == charts.BAR_LOW and bars[0].get("fill") == charts.BAR == bars[2].get("fill")


def test_pass_rate_bars_without_rows_say_so():
    svg = charts.pass_rate_bars([], title="t")
    assert _bars(svg) == []
    assert "no data yet" in svg


def test_sub_checks_are_listed_in_course_exercise_order():
    rates = {"silu_ffi: grad": 1.0, "histogram: z": 0.5, "histogram: b": 0.1, "other": None, "fusion: x": 1.0}
    assert [name for name, _ in pages._by_exercise(rates)] == [
        "histogram: b", "histogram: z", "fusion: x", "silu_ffi: grad", "other",
    ]  # fmt: skip


# ---- sessions -----------------------------------------------------------------------------------

SECRET = b"0123456789abcdef-test-secret"


def test_session_round_trip_and_fresh_csrf_per_session():
    signer = sessions.SessionSigner(SECRET)
    s = sessions.new_session("student", "s001")
    back = signer.loads(signer.dumps(s))
    assert back == s and back.is_student and not back.is_ta
    assert sessions.new_session().csrf != sessions.new_session().csrf
    assert "s001" not in s.csrf


def test_binding_is_kept_keyed_and_depends_on_the_credential():
    signer = sessions.SessionSigner(SECRET)
    bound = signer.bind("ta-token-1")
    assert bound == signer.bind("ta-token-1") != signer.bind("ta-token-2")
    assert bound != sessions.SessionSigner(b"another-secret-of-16+bytes").bind("ta-token-1")
    assert "ta-token-1" not in bound
    s = sessions.new_session("ta", bound=bound)
    assert signer.loads(signer.dumps(s)) == s


def test_tampered_or_foreign_cookie_is_refused():
    signer = sessions.SessionSigner(SECRET)
    value = signer.dumps(sessions.new_session("student", "s001"))
    # change one character inside the signature (not the last: its low bits are base64 padding)
    i = len(value) - 10
    assert signer.loads(value[:i] + ("A" if value[i] != "A" else "B") + value[i + 1 :]) is None
    assert signer.loads("x" + value[1:]) is None
    # a validly signed record made with another secret, or with our secret but another salt
    other = sessions.SessionSigner(b"another-secret-of-16+bytes")
    assert signer.loads(other.dumps(sessions.new_session("ta"))) is None
    forged = URLSafeTimedSerializer(SECRET).dumps({"r": "ta", "s": "", "c": "x" * 40})
    assert signer.loads(forged) is None
    assert signer.loads("") is None and signer.loads(None) is None
    assert signer.loads("a" * 5000) is None


def test_signed_but_malformed_records_are_refused():
    signer = sessions.SessionSigner(SECRET)
    raw = URLSafeTimedSerializer(SECRET, salt=sessions._SALT)
    assert signer.loads(raw.dumps({"r": "admin", "s": "", "c": "x" * 40})) is None
    assert signer.loads(raw.dumps({"r": "student", "s": "", "c": "x" * 40})) is None
    assert signer.loads(raw.dumps({"r": "ta", "s": "", "c": "short"})) is None
    assert signer.loads(raw.dumps(["ta"])) is None
    assert signer.loads(raw.dumps({"r": "ta", "s": "", "c": "x" * 40})).is_ta


def test_expired_session_is_refused():
    signer = sessions.SessionSigner(SECRET, max_age_s=1)
    value = signer.dumps(sessions.new_session("ta"))
    assert signer.loads(value) is not None
    time.sleep(2.1)
    assert signer.loads(value) is None


def test_short_secret_is_refused():
    with pytest.raises(ValueError):
        sessions.SessionSigner(b"short")


def test_csrf_check():
    s = sessions.new_session()
    assert sessions.csrf_ok(s, s.csrf)
    assert not sessions.csrf_ok(s, s.csrf[:-1])
    assert not sessions.csrf_ok(s, "")
    assert not sessions.csrf_ok(s, None)
    assert not sessions.csrf_ok(None, s.csrf)
    assert not sessions.csrf_ok(s, sessions.new_session().csrf)


# ---- the pages, served by a real `jaxgrade serve` (no grading workers) ---------------------------

SUBMISSION = REPO / "examples" / "submissions" / "s001_all_correct"
ROSTER = "student_id,name,email\ns001,张三,\ns002,<b>李四</b>,\ns003,王五,\ns004,赵六,\n"
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(
        tmp_path_factory.mktemp("pages"), ROSTER, "--workers", "0", "--max-attempts-per-hour", "3"
    ) as s:
        yield s


def _student(server: Served, student_id: str) -> Browserish:
    client = Browserish(server.url)
    reply = client.log_in(server.tokens[student_id])
    assert reply.status == 303 and reply.headers["Location"] == "/"
    return client


def _notebooks() -> list[tuple[str, bytes]]:
    return [(p.name, p.read_bytes()) for p in sorted(SUBMISSION.glob("*.ipynb"))]


def test_every_page_has_a_strict_csp_and_no_inline_script(server: Served):
    client = Browserish(server.url)
    login = client.get("/login")
    assert login.status == 200
    cookie = login.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # plain http on loopback
    behind_tls = client.request("GET", "/login", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in behind_tls.headers["Set-Cookie"]
    for reply in (login, _student(server, "s001").get("/")):
        csp = reply.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
        assert reply.headers["X-Content-Type-Options"] == "nosniff"
        assert not INLINE_SCRIPT.search(reply.text)
        assert 'lang="zh-CN"' in reply.text


def test_login_refuses_a_wrong_token_a_missing_or_foreign_csrf_token_and_huge_bodies(server: Served):
    client = Browserish(server.url)
    csrf = client.get("/login").csrf()
    wrong = client.post_form("/login", {"csrf_token": csrf, "token": "not-a-token"})
    assert wrong.status == 401 and "令牌无效" in wrong.text
    no_csrf = client.post_form("/login", {"token": server.tokens["s001"]})
    assert no_csrf.status == 403 and "页面已过期" in no_csrf.text
    other = Browserish(server.url)
    foreign = other.post_form(
        "/login", {"csrf_token": client.get("/login").csrf(), "token": server.tokens["s001"]}
    )
    assert foreign.status == 403
    huge = client.post_form("/login", {"csrf_token": csrf, "token": "x" * 40_000})
    assert huge.status == 413
    assert client.get("/").status == 303  # still not logged in


def test_student_session_cookie_is_signed_and_holds_no_token(server: Served):
    client = _student(server, "s001")
    home = client.get("/")
    assert home.status == 200 and "张三" in home.text and "我的作业" in home.text
    (cookie,) = [c for c in client.cookies if c.name == sessions.COOKIE_NAME]
    assert server.tokens["s001"] not in cookie.value
    # a cookie edited by hand (say, to another student's id) is no session at all
    _, _, rest = cookie.value.partition(".")
    forged = base64.urlsafe_b64encode(b'{"r":"student","s":"s002","c":"' + b"x" * 43 + b'"}').rstrip(b"=")
    cookie.value = forged.decode() + "." + rest
    assert client.get("/").status == 303
    assert client.get("/attempts.json").status == 401


def test_names_from_the_roster_are_escaped(server: Served):
    home = _student(server, "s002").get("/")
    assert "&lt;b&gt;李四&lt;/b&gt;" in home.text and "<b>李四</b>" not in home.text


def test_notebook_download_is_the_release_personalised_for_the_logged_in_student(server: Served):
    from autograder.release.personalise import personalise_notebook

    release = REPO / "assignments" / "2026-fall"
    released = json.loads((release / "ch02_performance.ipynb").read_text(encoding="utf-8"))
    for sid in ("s001", "s002"):
        reply = _student(server, sid).get("/notebooks/ch02")
        assert reply.status == 200
        assert 'attachment; filename="ch02_performance.ipynb"' == reply.headers["Content-Disposition"]
        got = json.loads(reply.body)
        assert got == personalise_notebook(released, sid, release)  # the sequence the grader judges
        assert got["metadata"]["jaxgrade"]["personalised_for"] == sid
    client = _student(server, "s001")
    assert client.get("/notebooks/ch99").status == 404
    assert Browserish(server.url).get("/notebooks/ch02").status == 303  # not logged in


def test_upload_without_csrf_token_is_refused_and_stores_nothing(server: Served):
    client = _student(server, "s002")
    reply = client.post_files("/submit", {}, _notebooks())
    assert reply.status == 403 and "页面已过期,没有提交" in reply.text
    assert json.loads(client.get("/attempts.json").body)["attempts"] == []
    assert list((server.data / "spool").iterdir()) == []  # the refused body's spool files are gone


def test_unusable_uploads_get_chinese_messages(server: Served):
    client = _student(server, "s002")
    csrf = client.get("/").csrf()
    bad_type = client.post_files("/submit", {"csrf_token": csrf}, [("notes.txt", b"hello")])
    assert bad_type.status == 422 and "不支持的文件类型" in bad_type.text
    empty_input = client.post_files("/submit", {"csrf_token": csrf}, [("", b"")])
    assert empty_input.status == 400 and "没有收到文件" in empty_input.text
    assert json.loads(client.get("/attempts.json").body)["attempts"] == []
    assert list((server.data / "spool").iterdir()) == []


def test_a_student_never_sees_another_students_attempt(server: Served):
    owner = _student(server, "s001")
    reply = owner.post_files("/submit", {"csrf_token": owner.get("/").csrf()}, _notebooks())
    assert reply.status == 303
    location = reply.headers["Location"]
    attempt_id = int(location.rsplit("/", 1)[1])
    page = owner.get(location)
    assert page.status == 200 and "排队等待评分" in page.text and "ch02_performance.ipynb" in page.text
    assert 'data-poll="/attempts.json"' in page.text and '<script src="/static/poll.js"' in page.text
    live = json.loads(owner.get("/attempts.json").body)
    assert live["pending"] and [a["id"] for a in live["attempts"]] == [attempt_id]

    other = _student(server, "s002")
    missing = other.get(f"/attempts/{attempt_id}")
    assert missing.status == 404 and "找不到这次提交" in missing.text
    assert other.get(f"/attempts/{attempt_id}/feedback").status == 404
    assert json.loads(other.get("/attempts.json").body)["attempts"] == []
    assert other.get(f"/attempts/{attempt_id + 1000}").status == 404  # same answer as "does not exist"
    assert Browserish(server.url).get(f"/attempts/{attempt_id}").status == 303


def test_uploaded_file_names_are_escaped(server: Served):
    client = _student(server, "s004")
    name = '<img src=x onerror="alert(1)">.ipynb'
    reply = client.post_files("/submit", {"csrf_token": client.get("/").csrf()}, [(name, _notebooks()[0][1])])
    assert reply.status == 303
    for page in (client.get("/"), client.get(reply.headers["Location"])):
        assert "<img" not in page.text and "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;.ipynb" in page.text


def test_attempt_limit_is_explained_with_retry_after(server: Served):
    client = _student(server, "s003")
    for _ in range(3):
        assert (
            client.post_files("/submit", {"csrf_token": client.get("/").csrf()}, _notebooks()).status == 303
        )
    home = client.get("/")
    assert "一小时内最多提交 3 次" in home.text and 'id="upload-form"' not in home.text
    refused = client.post_files("/submit", {"csrf_token": home.csrf()}, _notebooks())
    assert refused.status == 429 and "一小时内最多提交 3 次" in refused.text
    assert int(refused.headers["Retry-After"]) > 0
    assert len(json.loads(client.get("/attempts.json").body)["attempts"]) == 3


def test_ta_pages_need_the_ta_session(server: Served):
    student = _student(server, "s001")
    for path in ("/ta", "/ta/grades.csv", "/ta/canvas.csv"):
        reply = student.get(path)
        assert reply.status == 303 and reply.headers["Location"] == "/login"
    assert (
        student.post_form("/ta/regrade", {"csrf_token": student.get("/").csrf(), "student_id": "s001"}).status
        == 303
    )


def test_ta_dashboard_downloads_and_regrade(server: Served):
    ta = Browserish(server.url)
    reply = ta.log_in(server.ta)
    assert reply.status == 303 and reply.headers["Location"] == "/ta"
    board = ta.get("/ta")
    assert board.status == 200 and not INLINE_SCRIPT.search(board.text)
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="chart histogram"' in board.text
    assert 'data-queue="students">4<' in board.text
    grades = list(csv.reader(io.StringIO(ta.get("/ta/grades.csv").text)))
    assert tuple(grades[0]) == GRADES_COLUMNS
    assert [row[0] for row in grades[1:]] == ["s001", "s002", "s003", "s004"]
    assert grades[2][-1] == "not_submitted" and grades[1][-1] == "queued"
    canvas = ta.get("/ta/canvas.csv")
    assert canvas.headers["Content-Disposition"] == 'attachment; filename="canvas-import.csv"'
    assert canvas.text.splitlines()[1].startswith("Points Possible")

    csrf = board.csrf()
    assert ta.post_form("/ta/regrade", {"student_id": "s001"}).status == 403
    assert ta.post_form("/ta/regrade", {"csrf_token": csrf, "student_id": "nobody"}).status == 404
    done = ta.post_form("/ta/regrade", {"csrf_token": csrf, "student_id": "s001"})
    assert done.status == 303 and done.headers["Location"] == "/ta?regraded=0"  # nothing finished yet
    assert "Regrade queued: 0 attempt(s)." in ta.get(done.headers["Location"]).text


def test_ta_sessions_end_when_the_ta_token_is_replaced(tmp_path: Path):
    with serving(tmp_path, ROSTER, "--workers", "0") as server:
        ta = Browserish(server.url)
        assert ta.log_in(server.ta).status == 303
        assert ta.get("/ta").status == 200
    (tmp_path / "data" / "ta-token").unlink()  # the next start issues a new TA token
    with serving(tmp_path, ROSTER, "--workers", "0") as restarted:
        ta.base = restarted.url
        reply = ta.get("/ta")
        assert reply.status == 303 and reply.headers["Location"] == "/login"
        assert ta.log_in(restarted.ta).status == 303 and ta.get("/ta").status == 200


def test_logout_needs_csrf_and_ends_the_session(server: Served):
    client = _student(server, "s001")
    csrf = client.get("/").csrf()
    assert client.post_form("/logout", {}).status == 403
    out = client.post_form("/logout", {"csrf_token": csrf})
    assert out.status == 303 and out.headers["Location"] == "/login"
    assert client.get("/").status == 303


def test_static_files_are_a_fixed_list(server: Served):
    client = Browserish(server.url)
    poll = client.get("/static/poll.js")
    assert poll.status == 200 and poll.headers["Content-Type"].startswith("text/javascript")
    assert client.get("/static/pages.py").status == 404
    assert client.get("/static/..%2Fpages.py").status == 404


def test_repeated_failed_log_ins_are_throttled(tmp_path: Path):
    with serving(tmp_path, ROSTER, "--workers", "0") as server:
        client = Browserish(server.url)
        csrf = client.get("/login").csrf()
        statuses = [
            client.post_form("/login", {"csrf_token": csrf, "token": f"guess-{i}"}).status for i in range(31)
        ]
        assert statuses == [401] * 30 + [429]
        # slowed, not shut: a valid token from the same address (a campus NAT) still gets in
        valid = client.post_form("/login", {"csrf_token": csrf, "token": server.tokens["s001"]})
        assert valid.status == 303 and valid.headers["Location"] == "/", valid.text[:2000]


def test_after_the_deadline_uploads_are_late_and_then_closed(tmp_path: Path):
    past = (datetime.now(UTC) - timedelta(hours=1)).isoformat(timespec="seconds")
    future = (datetime.now(UTC) + timedelta(hours=1)).isoformat(timespec="seconds")
    with serving(
        tmp_path / "late", ROSTER, "--workers", "0", "--deadline", past, "--late-until", future
    ) as server:
        home = _student(server, "s001").get("/")
        assert "现在提交会记为迟交" in home.text and 'id="upload-form"' in home.text
    with serving(tmp_path / "closed", ROSTER, "--workers", "0", "--deadline", past) as server:
        client = _student(server, "s001")
        home = client.get("/")
        assert "提交已截止" in home.text and 'id="upload-form"' not in home.text
        refused = client.post_files("/submit", {"csrf_token": home.csrf()}, _notebooks())
        assert refused.status == 403 and "提交已截止" in refused.text
