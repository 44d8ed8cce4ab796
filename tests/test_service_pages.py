"""Unit tests of the service's page helpers: server-side SVG charts and signed sessions."""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET

import pytest
from itsdangerous import URLSafeTimedSerializer

from autograder.service import charts, sessions

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


# ---- sessions -----------------------------------------------------------------------------------

SECRET = b"0123456789abcdef-test-secret"


def test_session_round_trip_and_fresh_csrf_per_session():
    signer = sessions.SessionSigner(SECRET)
    s = sessions.new_session("student", "s001")
    back = signer.loads(signer.dumps(s))
    assert back == s and back.is_student and not back.is_ta
    assert sessions.new_session().csrf != sessions.new_session().csrf
    assert "s001" not in s.csrf


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
