"""Line comments (issue 45, section 1): a TA carries them to a later attempt (matching lines by their
text), and links them to a rubric item or an override, on SQLite and PostgreSQL (the term of
helpers/ledger_term.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.domain.course import audit
from autograder.service.domain.gradebook import overrides
from autograder.service.domain.quiz import rubric_grading
from autograder.service.domain.review import line_comment_carry, line_comment_links, rubric_commands
from autograder.service.domain.review.line_comments import (
    OVERRIDE,
    RUBRIC_ITEM,
    CommentRefused,
    Link,
    Target,
    of_attempt,
)
from autograder.service.storage.quiz_tables import rubric_items

from helpers.databases import postgres  # noqa: F401 (the session's PostgreSQL server fixture)
from helpers.ledger_term import Term, make_term
from helpers.line_comment_term import FIRST, LATER, graded_upload, review_of, student_cell, upload_code


@pytest.fixture(params=["sqlite", "postgresql"])
def term(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Term]:
    url = request.getfixturevalue("postgres").new_database() if request.param == "postgresql" else None
    t = make_term(tmp_path, ("s01", "s02"), database_url=url)
    try:
        yield t
    finally:
        t.service.close()


def _comment(term: Term, attempt: int, cell_index: int, first: int, last: int, body: str) -> None:
    review = review_of(term, attempt)
    cell = review.cells[cell_index]
    line_comment_links.add(
        term.service, review, Target(cell.file, cell.index, first, last), body, None,
        actor="anna", now=1,
    )


def test_carry_places_comments_by_their_lines_text_and_lists_the_vanished(term: Term) -> None:
    s = term.service
    earlier = upload_code(term, "s01", FIRST)
    later = upload_code(term, "s01", LATER)
    _comment(term, earlier, -1, 2, 3, "MOVED: both lines")
    _comment(term, earlier, -1, 4, 4, "VANISHED: that line is gone")
    _comment(term, earlier, 0, 1, 1, "SAME: the chapter's first cell")  # unchanged between the attempts
    old, new = review_of(term, earlier), review_of(term, later)
    assert of_attempt(s, later) == ()  # nothing is carried unless a TA asks

    done = line_comment_carry.carry(s, old, new, actor="bob", now=5)
    placed = {m.comment.body.split(":")[0]: m.to for m in done.carried}
    last_cell = new.cells[-1]
    assert placed["MOVED"] == Target(last_cell.file, last_cell.index, 4, 5)  # two lines down
    assert placed["SAME"] == Target(new.cells[0].file, new.cells[0].index, 1, 1)
    assert [c.body for c in done.vanished] == ["VANISHED: that line is gone"]
    copies = of_attempt(s, later)
    assert sorted(c.body for c in copies) == ["MOVED: both lines", "SAME: the chapter's first cell"]
    assert {c.author for c in copies} == {"bob"} and all(c.carried_from for c in copies)
    assert len(of_attempt(s, earlier)) == 3  # the earlier attempt keeps its own
    entries = [e for e in audit.entries(s.engine) if e.action == "line_comment_carried"]
    assert len(entries) == 3 and {e.attempt_id for e in entries} == {later}
    assert "GONE-LINE" not in entries[-1].detail and "not carried" in entries[-1].detail
    assert all(e.student_id is None for e in entries)  # like every comment entry: not before release

    again = line_comment_carry.carry(s, old, new, actor="bob", now=6)  # nothing carried twice
    assert (again.carried, again.already, len(again.vanished)) == ((), 2, 1)
    assert len(of_attempt(s, later)) == 2


def test_carry_goes_only_forward_within_one_students_assignment(term: Term) -> None:
    s = term.service
    earlier, later = upload_code(term, "s01", FIRST), upload_code(term, "s01", LATER)
    other = graded_upload(term, "s02")
    _comment(term, earlier, -1, 2, 2, "x")
    with pytest.raises(CommentRefused, match="not earlier"):
        line_comment_carry.carry(s, review_of(term, later), review_of(term, earlier), actor="b", now=1)
    with pytest.raises(CommentRefused, match="one student"):
        line_comment_carry.carry(s, review_of(term, earlier), review_of(term, other), actor="b", now=1)
    assert of_attempt(s, other) == () and of_attempt(s, earlier)[0].body == "x"


def test_a_link_follows_the_item_and_outlives_it(term: Term) -> None:
    s = term.service
    attempt = graded_upload(term, "s01")
    review = review_of(term, attempt)
    cell = student_cell(review)
    with s.engine.begin() as conn:
        item = rubric_grading.add_item(conn, "hw5", "ch05.q1", 2.0, "uses the stable form", "anna", 1)
        overrides.put(
            conn, assignment_id="hw5", student_id="s01", target="total", points=7, comment="late fix",
            attempt_id=attempt, actor="anna", now=1, max_points={"total": 80.0},
        )  # fmt: skip
    offered = dict(line_comment_links.choices(s, review))
    assert f"rubric_item:{item.id}" in offered and "override:total" in offered
    at = Target(cell.file, cell.index, 2, 2)
    on_item = line_comment_links.add(
        s, review, at, "see the item", line_comment_links.parse(f"rubric_item:{item.id}"),
        actor="anna", now=2,
    )  # fmt: skip
    on_override = line_comment_links.add(
        s, review, at, "why the override", Link(OVERRIDE, "total"), actor="anna", now=2
    )
    for bad in (Link(RUBRIC_ITEM, "999999"), Link(OVERRIDE, "ch05_other")):
        with pytest.raises(CommentRefused, match="no such"):
            line_comment_links.add(s, review, at, "x", bad, actor="anna", now=2)
    with pytest.raises(CommentRefused, match="choose a rubric item"):
        line_comment_links.parse("teacher:1")

    def shown() -> dict[int, line_comment_links.LinkShown]:
        return line_comment_links.shown(s, of_attempt(s, attempt), "hw5", "s01")

    assert "uses the stable form" in shown()[on_item.id].label and "7" in shown()[on_override.id].label
    with s.engine.begin() as conn:
        rubric_grading.edit_item(conn, item.id, 3.0, "uses the numerically stable form", "bob", 3)
    assert "numerically stable" in shown()[on_item.id].label  # the link survives the edit
    # the item goes (the TA's command) and the override is removed
    assert rubric_commands.delete_item(s, s.assignments["hw5"], "ch05.q1", item.id, "bob") == ()
    with s.engine.begin() as conn:
        overrides.remove(conn, assignment_id="hw5", student_id="s01", target="total", actor="bob", now=4)
    after = shown()
    assert after[on_item.id].gone and after[on_override.id].gone
    assert [c.body for c in of_attempt(s, attempt)] == ["see the item", "why the override"]
    with s.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(rubric_items)).scalar() == 0
