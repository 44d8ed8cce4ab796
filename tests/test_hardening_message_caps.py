"""Regrade-request threads are capped (issue 32, section 5): a student's messages per thread and per
24 hours, with a Chinese refusal (429); TAs' answers are not counted. At the service layer, on a
real SQLite service database, with a counted attempt graded by a recorded outcome."""

from __future__ import annotations

from pathlib import Path

import pytest

from autograder.service.domain.core import GradedOutcome, Refusal, Service
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.review import grade_review, message_caps

from helpers.paths import RELEASE

ROSTER = "student_id,name\ns1,A\ns2,B\n"


@pytest.fixture
def service(tmp_path: Path) -> Service:
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    cfg = ServiceConfig(
        data_dir=tmp_path / "data", release=RELEASE, roster=tmp_path / "roster.csv", workers=0
    )
    s = Service(cfg)
    s.clock = lambda: 1_900_000_000.0  # type: ignore[method-assign]  # a fixed "now": the window is ours
    for sid in ("s1", "s2"):
        s.intake.submit(sid, [("x.ipynb", b"{}")])
        claimed = s.queue.claim_next("test")
        assert claimed is not None
        points = {e: 0.0 for e in exercises(s)}
        s.queue.finish_graded("test", claimed.id, GradedOutcome(0.0, 80.0, "ok", points, {}, (), ""))
    return s


def exercises(service: Service) -> list[str]:
    grade = grade_review.student_grade(service, "a1", "s1", for_student=True)
    return sorted(grade.max_points)


def refused(call: object) -> Refusal:
    with pytest.raises(Refusal) as caught:
        call()  # type: ignore[operator]
    return caught.value


def test_a_thread_takes_a_capped_number_of_the_students_messages(service: Service) -> None:
    first = exercises(service)[0]
    rid = grade_review.open_request(service, "a1", "s1", first, "为什么?")
    for n in range(message_caps.STUDENT_MESSAGES_PER_THREAD - 1):
        grade_review.post_message(service, rid, "student:s1", f"补充 {n}", "s1")
    full = refused(lambda: grade_review.post_message(service, rid, "student:s1", "再补充", "s1"))
    assert full.http_status == 429 and "已达上限" in full.message_zh, full
    grade_review.post_message(service, rid, "alice", "we are looking", None)  # a TA still answers


def test_a_student_has_a_daily_cap_across_threads(service: Service) -> None:
    per_thread = message_caps.STUDENT_MESSAGES_PER_THREAD
    sent = 0
    for exercise in exercises(service):
        if sent >= message_caps.STUDENT_MESSAGES_PER_DAY:
            break
        rid = grade_review.open_request(service, "a1", "s2", exercise, "问题")
        sent += 1
        while sent < message_caps.STUDENT_MESSAGES_PER_DAY and sent % per_thread:
            grade_review.post_message(service, rid, "student:s2", "补充", "s2")
            sent += 1
    assert sent == message_caps.STUDENT_MESSAGES_PER_DAY, "the release has too few exercises for this test"
    over = refused(lambda: grade_review.post_message(service, rid, "student:s2", "还有", "s2"))
    assert over.http_status == 429 and "24 小时" in over.message_zh, over
    service.clock = lambda: 1_900_000_000.0 + message_caps.DAY_S + 1  # type: ignore[method-assign]
    grade_review.post_message(service, rid, "student:s2", "第二天", "s2")  # a new day
