"""Line comments in the batch route (issue 45, section 1): the packet lists each student's answer
cells with numbered lines; TAs write comments into it; `jaxgrade manual import` reads them back into
each student's feedback.

Written by `jaxgrade grade` (trusted parent, from the notebooks intake read):

  OUT/quiz/answer_cells.json  every student's code cells: {safe id: [{"file", "cell", "source"}]}
  OUT/quiz/line_comments.txt  the packet, in the format below

The packet's format (docs/ta/line_comments.md). One block per student, one per code cell:

  === student <safe id>
  --- <file> cell <n>
     1 | def f(x):
     2 |     return jnp.sqrt(x)
  #> 2 the gradient of sqrt at 0 is inf: use `jnp.where` on the input, not the output
  #+ (a second line of the same comment)
  #> 1-2 a comment on lines 1 to 2

`#> <line> <text>` or `#> <first>-<last> <text>` comments on lines of the cell above it; `#+ <text>`
continues the comment before it on a new line. Numbered lines, blank lines and lines starting with
`# ` are read past (the TA may leave notes); anything else is a mistake and named. The packet is
untrusted input (a TA's editor, a spreadsheet, a copy): every comment is checked against the cells
the grader kept (`answer_cells.json`), never against the listing's text, and one problem refuses
the whole file with every problem listed by line, so nothing is half imported.

Read back (`import_comments`):

  OUT/quiz/line_comments.json  the imported comments (replaced as a whole by each import)
  OUT/<safe id>/line_comments.md  the student's comments beside their own lines, in Chinese
  OUT/<safe id>/feedback.html     the same, as a section before its end (replaced on each import)
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path

from autograder.grade.reports import md_fenced, md_literal
from autograder.i18n import _
from autograder.model import StudentSubmission
from autograder.quiz.records import quiz_dir, write_json

PACKET = "line_comments.txt"
CELLS = "answer_cells.json"
IMPORTED = "line_comments.json"
MAX_BODY_CHARS = 4000  # as the service's line comments
MAX_PACKET_BYTES = 20 * 1024 * 1024
_STUDENT = re.compile(r"=== student (\S+)\s*$")
_CELL = re.compile(r"--- (.+) cell (\d{1,6})\s*$")
_COMMENT = re.compile(r"#> (\d{1,7})(?:-(\d{1,7}))? (.*\S)\s*$")
_MORE = re.compile(r"#\+ ?(.*)$")
_LISTED = re.compile(r"\s*\d{1,7} \|( .*)?$")
FEEDBACK_START, FEEDBACK_END = "<!-- jaxgrade line comments -->", "<!-- /jaxgrade line comments -->"


class PacketError(ValueError):
    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Cell:
    file: str
    cell: int  # from 1 among the file's code cells
    source: str

    @property
    def lines(self) -> list[str]:
        return self.source.splitlines() or [""]


@dataclass(frozen=True)
class PacketComment:
    student: str  # the safe id
    file: str
    cell: int
    first_line: int
    last_line: int
    body: str


def code_cells(sub: StudentSubmission) -> list[Cell]:
    """The code cells of each notebook intake kept, numbered from 1 within it (as the service's
    attempt page numbers them)."""
    out: list[Cell] = []
    for nb in sorted(sub.notebooks.values(), key=lambda n: n.source_name):
        sources = [c.get("source", "") for c in nb.notebook.get("cells", []) if c.get("cell_type") == "code"]
        for n, source in enumerate(sources, start=1):
            text = "".join(source) if isinstance(source, list) else str(source)
            out.append(Cell(nb.source_name, n, text))
    return out


def listing(cells_by_student: dict[str, list[Cell]]) -> str:
    """The packet's text: every student's cells with numbered lines, and how to comment."""
    parts = [
        "# Line comments: under a cell, write `#> LINE text` or `#> FIRST-LAST text`; `#+ text` continues",
        "# the comment above on a new line. Then: jaxgrade manual import OUT/quiz/line_comments.txt",
        "# (docs/ta/line_comments.md). Lines starting with `# ` are yours; numbered lines are read past.",
    ]
    for student in sorted(cells_by_student):
        parts.append(f"=== student {student}")
        for c in cells_by_student[student]:
            parts.append(f"--- {c.file} cell {c.cell}")
            parts += [f"{n:>4} | {line}".rstrip() for n, line in enumerate(c.lines, start=1)]
    return "\n".join(parts) + "\n"


def write_packet(out: Path, cells_by_student: dict[str, list[Cell]]) -> None:
    """answer_cells.json (what the import checks against) and the packet, keyed by safe id."""
    doc = {s: [{"file": c.file, "cell": c.cell, "source": c.source} for c in cells] for s, cells in
           sorted(cells_by_student.items())}  # fmt: skip
    write_json(quiz_dir(out) / CELLS, doc)
    (quiz_dir(out) / PACKET).write_text(listing(cells_by_student), encoding="utf-8")


def load_cells(out: Path) -> dict[str, list[Cell]]:
    doc = json.loads((quiz_dir(out) / CELLS).read_text(encoding="utf-8"))
    return {
        s: [Cell(str(c["file"]), int(c["cell"]), str(c["source"])) for c in cells] for s, cells in doc.items()
    }


@dataclass
class _Reading:
    cells: dict[str, list[Cell]]
    problems: list[str]
    student: str | None = None
    cell: Cell | None = None
    pending: tuple[int, PacketComment] | None = None  # (its line in the packet, the comment so far)


def _finish(r: _Reading, out: list[PacketComment]) -> None:
    if r.pending is None:
        return
    at, c = r.pending
    r.pending = None
    body = c.body.strip()
    if len(body) > MAX_BODY_CHARS:
        r.problems.append(f"line {at}: the comment is longer than {MAX_BODY_CHARS} characters")
    else:
        out.append(PacketComment(c.student, c.file, c.cell, c.first_line, c.last_line, body))


def _cell_line(r: _Reading, n: int, m: re.Match[str]) -> None:
    r.cell = None
    if r.student is None:
        r.problems.append(f"line {n}: a cell before any `=== student` line")
        return
    file, number = m.group(1), int(m.group(2))
    r.cell = next((c for c in r.cells[r.student] if (c.file, c.cell) == (file, number)), None)
    if r.cell is None:
        r.problems.append(f"line {n}: {r.student} has no cell {number} in {file!r}")


def _comment_line(r: _Reading, n: int, m: re.Match[str]) -> None:
    if r.student is None or r.cell is None:
        r.problems.append(f"line {n}: a comment outside a known student's cell")
        return
    first = int(m.group(1))
    last = int(m.group(2)) if m.group(2) else first
    count = len(r.cell.lines)
    if not 1 <= first <= last <= count:
        r.problems.append(
            f"line {n}: {r.student} {r.cell.file} cell {r.cell.cell} has lines 1-{count}; "
            f"{first}-{last} is not a range of them (the first not after the last)"
        )
        return
    c = PacketComment(r.student, r.cell.file, r.cell.cell, first, last, m.group(3))
    r.pending = (n, c)


def _one_line(r: _Reading, n: int, line: str, out: list[PacketComment]) -> None:
    if (m := _MORE.match(line)) and line.startswith("#+"):
        if r.pending is None:
            r.problems.append(f"line {n}: `#+` continues no comment (put it right under a `#>` line)")
        else:
            at, c = r.pending
            r.pending = (at, PacketComment(c.student, c.file, c.cell, c.first_line, c.last_line,
                                           f"{c.body}\n{m.group(1)}"))  # fmt: skip
        return
    _finish(r, out)
    if not line.strip() or line == "#" or line.startswith("# ") or _LISTED.match(line):
        return
    if m := _STUDENT.match(line):
        r.student, r.cell = m.group(1), None
        if r.student not in r.cells:
            r.problems.append(f"line {n}: unknown student {r.student!r} (not in this batch)")
            r.student = None
    elif m := _CELL.match(line):
        _cell_line(r, n, m)
    elif m := _COMMENT.match(line):
        _comment_line(r, n, m)
    elif line.startswith("#>"):
        r.problems.append(f"line {n}: write `#> LINE text` or `#> FIRST-LAST text` (numbers, a space, words)")
    else:
        shown = line[:60] + ("…" if len(line) > 60 else "")
        r.problems.append(f"line {n}: not a packet line ({shown!r}); comments are `#> LINE text`")


def parse(text: str, cells: dict[str, list[Cell]]) -> list[PacketComment]:
    """The packet's comments, each on lines of a cell the grader kept. PacketError lists every
    problem (by the packet's line number); nothing else is raised for any text."""
    r = _Reading(cells, [])
    out: list[PacketComment] = []
    for n, line in enumerate(text.splitlines(), start=1):
        _one_line(r, n, line.rstrip("\r"), out)
    _finish(r, out)
    if r.problems:
        raise PacketError(r.problems)
    return out


def _read(packet: Path) -> str:
    try:
        if packet.stat().st_size > MAX_PACKET_BYTES:
            raise PacketError([f"{packet}: larger than {MAX_PACKET_BYTES // (1024 * 1024)} MiB"])
        return packet.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise PacketError([f"{packet}: cannot read: {exc}"]) from exc


def _where_zh(c: PacketComment) -> str:
    if c.first_line == c.last_line:
        return _("第 {line} 行").format(line=c.first_line)
    return _("第 {first}–{last} 行").format(first=c.first_line, last=c.last_line)


def student_md(comments: list[PacketComment], cells: list[Cell]) -> str:
    """The student's comments beside their own lines (Markdown: their code fenced, the TA's text
    shown as it is)."""
    by_cell = {(c.file, c.cell): c for c in cells}
    lines = [_("# 助教的逐行评语"), ""]
    for c in comments:
        cell = by_cell[(c.file, c.cell)]
        head = _("{file} 第 {cell} 个代码单元,{where}").format(file=c.file, cell=c.cell, where=_where_zh(c))
        code = "\n".join(cell.lines[c.first_line - 1 : c.last_line])
        lines += [f"## {md_literal(head)}", "", md_fenced(code)]
        lines += ["", *(f"> {md_literal(t)}" if t.strip() else ">" for t in c.body.splitlines()), ""]
    return "\n".join(lines)


def feedback_section(comments: list[PacketComment], cells: list[Cell]) -> str:
    """The same as an HTML section for feedback.html (everything escaped), between the markers that
    let the next import replace it."""
    e = html.escape
    by_cell = {(c.file, c.cell): c for c in cells}
    parts = [FEEDBACK_START, f'<section id="line-comments"><h2>{e(_("助教的逐行评语"))}</h2>']
    for c in comments:
        cell = by_cell[(c.file, c.cell)]
        head = _("{file} 第 {cell} 个代码单元,{where}").format(file=c.file, cell=c.cell, where=_where_zh(c))
        shown = "\n".join(
            f"{n:>4} | {cell.lines[n - 1]}" for n in range(c.first_line, c.last_line + 1)
        )
        parts.append(f"<h3>{e(head)}</h3><pre>{e(shown)}</pre>"
                     f"<blockquote>{e(c.body).replace(chr(10), '<br>')}</blockquote>")  # fmt: skip
    parts += ["</section>", FEEDBACK_END]
    return "\n".join(parts)


def _with_section(page: str, section: str) -> str:
    """feedback.html with its line-comment section replaced (or added before its end; "" removes it)."""
    start, end = page.find(FEEDBACK_START), page.find(FEEDBACK_END)
    if 0 <= start < end:
        page = page[:start] + page[end + len(FEEDBACK_END) :]
    if not section:
        return page
    at = page.lower().rfind("</body>")
    return page + section if at < 0 else page[:at] + section + "\n" + page[at:]


def import_comments(out: Path, packet: Path) -> int:
    """Read the packet's comments into OUT (all or nothing: PacketError lists every problem);
    returns how many. Each import replaces the last: a comment deleted from the packet goes."""
    if not (quiz_dir(out) / CELLS).is_file():
        raise PacketError([f"{out} has no {CELLS}: run jaxgrade grade first (a release with a quiz key)"])
    cells = load_cells(out)
    comments = parse(_read(packet), cells)
    write_json(quiz_dir(out) / IMPORTED, [c.__dict__ for c in comments])
    for student, own_cells in cells.items():
        own = [c for c in comments if c.student == student]
        folder = out / student
        md = folder / "line_comments.md"
        if own:
            folder.mkdir(parents=True, exist_ok=True)
            md.write_text(student_md(own, own_cells), encoding="utf-8")
        else:
            md.unlink(missing_ok=True)
        page = folder / "feedback.html"
        if page.is_file():
            text = page.read_text(encoding="utf-8")
            section = feedback_section(own, own_cells) if own else ""
            page.write_text(_with_section(text, section), encoding="utf-8")
    return len(comments)


__all__ = ["Cell", "PacketComment", "PacketError", "code_cells", "import_comments", "listing", "parse",
           "write_packet"]
