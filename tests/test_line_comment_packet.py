"""Line comments in the batch route (issue 45, section 1): `jaxgrade grade` writes a packet listing
each student's code cells with numbered lines, a TA writes comments into it, and `jaxgrade manual
import` reads them into each student's feedback (line_comments.md, a section of feedback.html); a bad
packet is refused whole with every problem named. The packet's parser is checked by Hypothesis: what
a TA writes in the format comes back exactly, and no text makes it raise anything but PacketError.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder import cli
from autograder.quiz.line_comment_packet import Cell, PacketComment, PacketError, listing, parse

from helpers.quiz_batch import make_batch, run_grade


@pytest.fixture
def batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    return make_batch(tmp_path, monkeypatch)



def _with_comments(packet: Path, student: str, cell_header: str, comments: list[str]) -> None:
    """Write comment lines right under one cell's header in one student's block, as a TA would."""
    lines = packet.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"=== student {student}")
    at = lines.index(cell_header, start) + 1
    packet.write_text("\n".join(lines[:at] + comments + lines[at:]) + "\n", encoding="utf-8")


def test_the_packet_lists_numbered_lines_and_the_import_fills_the_feedback(
    batch: dict[str, Path], capsys: pytest.CaptureFixture[str]  # noqa: F811
) -> None:
    run_grade(batch)
    out = batch["out"]
    packet = out / "quiz" / "line_comments.txt"
    text = packet.read_text(encoding="utf-8")
    assert "=== student s01" in text and "=== student s03" in text
    assert "--- ch02.ipynb cell 1" in text and "   1 | " in text  # numbered lines of the answer cells
    header = "--- ch02.ipynb cell 1"
    code_line_1 = text.split("=== student s01")[1].split(header + "\n")[1].splitlines()[0]
    _with_comments(packet, "s01", header, ["#> 1 <b>S01-NOTE</b> use `jnp.where`", "#+ SECOND-LINE"])
    assert cli.main(["manual", "import", str(packet)]) == 0
    md = (out / "s01" / "line_comments.md").read_text(encoding="utf-8")
    assert "S01-NOTE" in md and "SECOND-LINE" in md and "第 1 行" in md
    assert code_line_1.split("| ", 1)[1] in md  # the student's own line beside the comment
    page = (out / "s01" / "feedback.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;S01-NOTE&lt;/b&gt;" in page and "<b>S01-NOTE" not in page
    assert page.index("S01-NOTE") < page.lower().rindex("</body>")
    assert not (out / "s02" / "line_comments.md").exists()
    assert "S01-NOTE" not in (out / "s02" / "feedback.html").read_text(encoding="utf-8")

    _with_comments(packet, "s02", header, ["#> 99 past the end", "#> 1"])
    packet.write_text(packet.read_text(encoding="utf-8") + "=== student nobody\n", encoding="utf-8")
    assert cli.main(["manual", "import", str(packet)]) == 1
    err = capsys.readouterr().err
    assert "has lines 1-" in err and "99-99 is not a range" in err
    assert "write `#> LINE text`" in err and "unknown student 'nobody'" in err
    assert "S01-NOTE" in (out / "s01" / "feedback.html").read_text(encoding="utf-8")  # nothing changed

    packet.write_text(text, encoding="utf-8")  # every comment taken out again: the feedback loses them
    assert cli.main(["manual", "import", str(packet)]) == 0
    assert not (out / "s01" / "line_comments.md").exists()
    assert "S01-NOTE" not in (out / "s01" / "feedback.html").read_text(encoding="utf-8")
    assert (out / "s01" / "feedback.html").read_text(encoding="utf-8").count("</body>") == 1


# ---- the parser, by Hypothesis ------------------------------------------------------------------

# a student's cell may hold any character, line separators (\f, \x1c, \u2028 ...) included
_source = st.lists(st.text(st.characters(blacklist_categories=("Cs",)), max_size=30),
                   min_size=1, max_size=6).map("\n".join)
_body_line = st.text(st.characters(blacklist_categories=("Cs", "Zl", "Zp", "Cc")), min_size=1, max_size=40)


@st.composite
def _packet(draw: st.DrawFn) -> tuple[dict[str, list[Cell]], list[PacketComment]]:
    students = draw(st.lists(st.from_regex(r"s[0-9]{1,3}", fullmatch=True), min_size=1, max_size=3,
                             unique=True))
    cells = {s: [Cell(draw(st.sampled_from(["ch02.ipynb", "my answers.ipynb"])), n, draw(_source))
                 for n in range(1, draw(st.integers(1, 3)) + 1)] for s in students}  # fmt: skip
    comments: list[PacketComment] = []
    for s in students:
        for c in cells[s]:
            for _ in range(draw(st.integers(0, 2))):
                first = draw(st.integers(1, len(c.lines)))
                last = draw(st.integers(first, len(c.lines)))
                body = "\n".join(t.strip() or "x" for t in draw(st.lists(_body_line, min_size=1, max_size=3)))
                comments.append(PacketComment(s, c.file, c.cell, first, last, body.strip()))
    return cells, comments


def _write(cells: dict[str, list[Cell]], comments: list[PacketComment]) -> str:
    """The packet as `listing` writes it with each comment under its cell's listing."""
    out: list[str] = []
    for line in listing(cells).splitlines():
        out.append(line)
    text = "\n".join(out)
    for c in comments:
        first, *more = c.body.split("\n")
        block = [f"#> {c.first_line}-{c.last_line} {first}", *(f"#+ {m}" for m in more)]
        lines = text.split("\n")
        start = lines.index(f"=== student {c.student}")
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("=== student ")),
                   len(lines))  # fmt: skip
        header = lines.index(f"--- {c.file} cell {c.cell}", start, end)
        nxt = next((i for i in range(header + 1, len(lines)) if lines[i].startswith(("--- ", "=== "))),
                   len(lines))  # fmt: skip
        text = "\n".join(lines[:nxt] + block + lines[nxt:])
    return text + "\n"


@settings(max_examples=150, deadline=None)
@given(_packet())
def test_what_a_ta_writes_in_the_format_comes_back(packet: tuple[dict[str, list[Cell]], list]) -> None:
    cells, comments = packet
    got = parse(_write(cells, comments), cells)
    key = lambda c: (c.student, c.file, c.cell, c.first_line, c.last_line, c.body)  # noqa: E731
    assert sorted(map(key, got)) == sorted(map(key, comments))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400), st.lists(st.sampled_from(
    ["=== student s1", "--- a.ipynb cell 1", "#> 1 ok", "#> 2-1 x", "#> 3 x", "#+ more", "   1 | x", "# note",
     "#>", "--- a.ipynb cell 2"]
), max_size=8))
def test_any_text_is_comments_or_a_packet_error(noise: str, lines: list[str]) -> None:
    cells = {"s1": [Cell("a.ipynb", 1, "x = 1\ny = 2\n")]}
    inside = "=== student s1\n--- a.ipynb cell 1\n"  # what follows is under the one known cell
    for text in (noise, "\n".join(lines), "\n".join(lines) + "\n" + noise, inside + "\n".join(lines)):
        try:
            got = parse(text, cells)
        except PacketError as exc:
            assert exc.problems and all(p.startswith("line ") for p in exc.problems)
        else:
            assert all(1 <= c.first_line <= c.last_line <= 2 and c.body for c in got)
