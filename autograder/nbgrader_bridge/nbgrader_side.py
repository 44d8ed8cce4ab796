"""Runs INSIDE the nbgrader virtual environment (`.venv-nbgrader/bin/python nbgrader_side.py`), never imported
by jaxgrade: nbgrader slows `import nbformat` for every process that has it installed.

Reads one JSON request on stdin, writes one JSON answer on stdout (nbgrader's own logging goes to
stderr). Only stdlib and nbgrader are used; this file must not import `autograder`. It never runs
a notebook: grading happened in jaxgrade's sandbox, this only writes nbgrader's records.

Requests (`op` plus fields; the working directory is the course folder, so its nbgrader_config.py
applies):
- `generate`: {assignment} -> runs nbgrader's GenerateAssignmentApp (`nbgrader generate_assignment
  <assignment> --force`), solution regions replaced by nothing (jaxgrade's prompts stay in the source).
  Answer: {ok, notebooks: [names]}.
- `writeback`: {assignment, students: [{id, notebooks: {<notebook>: {cells: {<grade_id>: {score, comment}},
  feedback_html}}}]} -> Gradebook student + submission (timestamp of submitted/<id>/<assignment>/
  timestamp.txt),
  auto_score and needs_manual_grade=false per graded cell, the comment as the auto comment of the
  graded cell and of the exercise's answer cell, autograded/<id>/<assignment>/<notebook>.ipynb (the
  submitted notebook, nbgrader's cells restored by OverwriteCells, outputs cleared, the comment as the
  output of each graded cell, student markdown and raw cells shown as text) and
  feedback/<id>/<assignment>/<notebook>.html plus the timestamp.txt and submission_secret.txt that
  `nbgrader release_feedback` reads (read without following links). Each student is one gradebook
  commit, made only after everything of the student's folder was read and built; a student whose
  folder cannot be taken is left unchanged and reported. Answer: {ok, students: [ids written],
  refused: {id: note} (the student's folder: timestamp.txt that does not parse, a link), failed:
  {id: note} (anything else), notes: {id: note} (written, e.g. the released notebook stood in)}.
- `manual_scores`: {assignment, cells} -> the manual scores and comments formgrader holds for those
  grade cells (the written quiz answers). Answer: {ok, scores: {student: {cell: {points, comment}}}}.
- `submissions`: {assignment} -> what the formgrader lists (NbGraderAPI.get_submissions).
  Answer: {ok, submissions}.
- `formgrade`: {assignment, notebook, student} -> the formgrader page of that autograded notebook.
  Answer: {ok, html}.
An error answers {ok: false, error: str} with exit code 1.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import traceback

MAX_NOTEBOOK_BYTES = 20 * 2**20  # what jaxgrade's intake reads of one notebook
NBGRADER_FILES = ("timestamp.txt", "submission_secret.txt")  # copied into autograded/ and feedback/
NBGRADER_FILE_BYTES = 4096  # both are one short line


def _app(argv: list[str]):
    """An nbgrader app configured like the command line would be (nbgrader_config.py of the cwd)."""
    from nbgrader.apps.baseapp import NbGrader

    app = NbGrader()
    app.initialize(argv)
    return app


def generate(req: dict) -> dict:
    from nbgrader.apps.generateassignmentapp import GenerateAssignmentApp
    from traitlets.config import Config

    app = GenerateAssignmentApp()
    app.initialize([req["assignment"], "--force"])
    extra = Config()
    # the source cells already hold the student's prompt before each solution region
    extra.ClearSolutions.code_stub = {"python": ""}
    extra.ClearSolutions.text_stub = ""
    app.update_config(extra)
    try:
        app.start()
    except SystemExit as exc:
        if exc.code:
            return {"ok": False, "error": f"nbgrader generate_assignment exited with {exc.code}"}
    release = app.coursedir.format_path(app.coursedir.release_directory, ".", req["assignment"])
    if not os.path.isdir(release):
        return {"ok": False, "error": f"nbgrader generate_assignment made no {release}"}
    names = sorted(n[:-6] for n in os.listdir(release) if n.endswith(".ipynb"))
    return {"ok": True, "notebooks": names, "release": release}


def _feedback_outputs(text: str) -> list:
    from nbformat.v4 import new_output

    return [new_output("stream", name="stdout", text=text)] if text else []


class StudentRefused(Exception):
    """This student's folder cannot be written back (the message, English, is the TA's note)."""


def _read_student_file(path: str, cap: int) -> bytes | None:
    """A file of the student's folder, never through a link: None when absent; StudentRefused when it
    is a link, not a regular file or larger than `cap`."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return None
    except OSError as exc:  # ELOOP: a symlink
        raise StudentRefused(f"{os.path.basename(path)} is not a regular file ({exc.strerror})") from None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_size > cap:
            raise StudentRefused(f"{os.path.basename(path)} is not a regular file of at most {cap} bytes")
        return f.read(cap + 1)[:cap]


def _timestamp(data: bytes | None, path: str):
    """nbgrader's own parsing of timestamp.txt (None when absent or empty, like nbgrader)."""
    from nbgrader.utils import parse_utc

    text = (data or b"").decode("utf-8", errors="replace").strip()
    if not text:
        return None
    try:
        return parse_utc(text)
    except (ValueError, OverflowError, TypeError):
        raise StudentRefused(
            f"{path} does not parse as a time: {text[:60]!r}; fix or remove it (formgrader fails on it too) "
            "and run again"
        ) from None


def _fenced(text: str) -> str:
    """Markdown that shows `text` verbatim: a code fence longer than any backtick run inside."""
    longest = max((len(run) for run in text.split("\n") for run in _backtick_runs(run)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}\n"


def _backtick_runs(line: str) -> list[str]:
    runs, cur = [], ""
    for ch in line:
        if ch == "`":
            cur += ch
        elif cur:
            runs.append(cur)
            cur = ""
    return [*runs, cur] if cur else runs


def _as_text(nb, trusted: set[str]) -> None:
    """Student markdown and raw cells reach formgrader (nbconvert HTML in the TA's Jupyter origin) only
    as text: every markdown or raw cell that is not one of the instructor's locked cells (restored by
    OverwriteCells) becomes a markdown cell holding its source in a code fence; attachments dropped."""
    from nbformat.v4 import new_markdown_cell

    for i, cell in enumerate(nb.cells):
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if cell.cell_type in ("markdown", "raw") and grade_id not in trusted:
            nb.cells[i] = new_markdown_cell(_fenced(cell.source), metadata=cell.get("metadata", {}))


def _autograded_notebook(src: str, fallback: str, resources: dict, cells: dict, trusted: set[str]):
    """(the autograded notebook, a note or None): the submitted notebook with nbgrader's cells restored
    and jaxgrade's comments as outputs; the released notebook stands in when the student's file is not
    a readable notebook or OverwriteCells cannot restore it (e.g. nbgrader's cell metadata stripped)."""
    import nbformat
    from nbgrader.preprocessors import OverwriteCells

    nb, note = None, None
    try:  # the student's file: a regular file of bounded size that nbgrader can restore
        data = _read_student_file(src, MAX_NOTEBOOK_BYTES)
        if data is not None:
            nb, _ = OverwriteCells(add_missing_cells=True).preprocess(
                nbformat.reads(data.decode("utf-8"), as_version=4), dict(resources)
            )
    except Exception as exc:  # whatever the student handed in that nbgrader cannot take
        nb = None
        note = (
            f"{os.path.basename(src)}: {type(exc).__name__}: {str(exc)[:200]}; the autograded copy is the "
            "released notebook (the student's own file stays in submitted/)"
        )
    if nb is None:  # not handed in, or not usable: the released notebook stands in
        nb, _ = OverwriteCells(add_missing_cells=True).preprocess(
            nbformat.read(fallback, as_version=4), dict(resources)
        )
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if grade_id in cells:
                cell.outputs = _feedback_outputs(cells[grade_id].get("comment", ""))
    _as_text(nb, trusted)
    return nb, note


def _comment_of(gb, cell_id: str, submitted_notebook_id: str):
    from nbgrader.api import Comment

    query = gb.db.query(Comment).filter(
        Comment.cell_id == cell_id, Comment.notebook_id == submitted_notebook_id
    )
    return query.one_or_none()


def _write_atomically(path: str, data: bytes) -> None:
    """Replace `path` (in the instructor's folders) by one rename, never writing through a link."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = f"{path}.jaxgrade-{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _record_grades(gb, assignment: str, sid: str, name: str, cells: dict) -> None:
    """Scores and comments of one notebook into the session (the caller commits once per student)."""
    from nbgrader.api import Comment, MissingEntry

    source_nb = gb.find_notebook(name, assignment)
    submitted_nb = gb.find_submission_notebook(name, assignment, sid)
    for cell in source_nb.grade_cells:
        grade = gb.find_grade(cell.name, name, assignment, sid)
        if cell.name in cells:
            grade.auto_score = float(cells[cell.name]["score"])
            grade.needs_manual_grade = False
        elif cell.cell_type == "markdown" and grade.manual_score is None:
            grade.needs_manual_grade = True  # a written quiz answer: formgrader's TA grades it
        text = cells.get(cell.name, {}).get("comment", "") or None
        # nbgrader makes comment rows for answer cells only: the check cell gets one too
        comment = _comment_of(gb, cell.id, submitted_nb.id)
        if comment is None:
            comment = Comment(cell_id=cell.id, notebook=submitted_nb)
            gb.db.add(comment)
        comment.auto_comment = text
        answer = cell.name.removesuffix("_check") + "_answer"
        with contextlib.suppress(MissingEntry):
            gb.find_comment(answer, name, assignment, sid).auto_comment = text


def _write_student(gb, cd, assignment: str, notebooks: list[str], student: dict) -> list[str]:
    """One student: everything that can fail on the student's folder is read and built first, then the
    gradebook gets one commit, then the files are replaced. Returns the notes for the TA."""
    import nbformat

    sid = student["id"]
    submitted = cd.format_path(cd.submitted_directory, sid, assignment)
    release = cd.format_path(cd.release_directory, ".", assignment)
    extras = {n: _read_student_file(os.path.join(submitted, n), NBGRADER_FILE_BYTES) for n in NBGRADER_FILES}
    timestamp = _timestamp(extras["timestamp.txt"], os.path.join(submitted, "timestamp.txt"))
    built, notes = {}, []
    for name in notebooks:
        want = student["notebooks"].get(name, {"cells": {}, "feedback_html": ""})
        resources = {"nbgrader": {"notebook": name, "assignment": assignment, "db_url": cd.db_url}}
        trusted = {c.name for c in gb.find_notebook(name, assignment).source_cells if c.locked}
        nb, note = _autograded_notebook(os.path.join(submitted, name + ".ipynb"),
                                        os.path.join(release, name + ".ipynb"), resources, want["cells"],
                                        trusted)  # fmt: skip
        built[name] = (nbformat.writes(nb).encode("utf-8"), want.get("feedback_html", "").encode("utf-8"))
        notes += [note] if note else []
    try:
        gb.update_or_create_student(sid)
        gb.update_or_create_submission(assignment, sid, timestamp=timestamp)
        for name in notebooks:
            _record_grades(gb, assignment, sid, name, student["notebooks"].get(name, {}).get("cells", {}))
        gb.db.commit()
    except BaseException:
        gb.db.rollback()
        raise
    autograded = cd.format_path(cd.autograded_directory, sid, assignment)
    feedback = cd.format_path(cd.feedback_directory, sid, assignment)
    for name, (nb_bytes, html) in built.items():
        _write_atomically(os.path.join(autograded, name + ".ipynb"), nb_bytes)
        _write_atomically(os.path.join(feedback, name + ".html"), html)
    for extra, data in extras.items():
        if data is not None:
            _write_atomically(os.path.join(autograded, extra), data)
            _write_atomically(os.path.join(feedback, extra), data)
    return notes


def writeback(req: dict) -> dict:
    """Each student is written on its own: a student whose folder cannot be written (refused) or whose
    write failed (error) is reported with a note and leaves no grade changed; the others are written."""
    from nbgrader.api import Gradebook, MissingEntry

    app = _app([])
    cd = app.coursedir
    assignment = req["assignment"]
    done, refused, failed, notes = [], {}, {}, {}
    with Gradebook(cd.db_url) as gb:
        try:
            notebooks = [nb.name for nb in gb.find_assignment(assignment).notebooks]
        except MissingEntry:
            return {
                "ok": False,
                "error": f"assignment {assignment} is not in the gradebook; release it first",
            }
        for student in req["students"]:
            sid = student["id"]
            try:
                student_notes = _write_student(gb, cd, assignment, notebooks, student)
            except StudentRefused as exc:
                refused[sid] = str(exc)
                continue
            except Exception as exc:  # a bug or the course folder: this student only, said for the TA
                traceback.print_exc(file=sys.stderr)
                failed[sid] = f"{type(exc).__name__}: {str(exc)[:300]}"
                continue
            done.append(sid)
            if student_notes:
                notes[sid] = "; ".join(student_notes)
    return {"ok": True, "students": done, "refused": refused, "failed": failed, "notes": notes}


def manual_scores(req: dict) -> dict:
    """{assignment, cells: [grade ids]} -> {ok, scores: {student: {grade id: {points, comment}}}}: what
    formgrader's TAs entered for those cells (cells without a manual score are left out)."""
    from nbgrader.api import Gradebook

    app = _app([])
    wanted = set(req["cells"])
    out: dict = {}
    with Gradebook(app.coursedir.db_url) as gb:
        for submission in gb.find_assignment(req["assignment"]).submissions:
            for nb in submission.notebooks:
                for grade in nb.grades:
                    if grade.name in wanted and grade.manual_score is not None:
                        comment = next((c.manual_comment for c in nb.comments if c.name == grade.name), None)
                        out.setdefault(submission.student.id, {})[grade.name] = {
                            "points": float(grade.manual_score), "comment": comment or ""}
    return {"ok": True, "scores": out}


def submissions(req: dict) -> dict:
    from nbgrader.apps.api import NbGraderAPI

    app = _app([])
    api = NbGraderAPI(coursedir=app.coursedir, parent=app)
    return {"ok": True, "submissions": api.get_submissions(req["assignment"])}


def formgrade(req: dict) -> dict:
    """The page formgrader's SubmissionHandler renders for one notebook (same exporter and template)."""
    from nbconvert.exporters import HTMLExporter
    from nbgrader.api import Gradebook
    from nbgrader.server_extensions.formgrader import handlers

    app = _app([])
    cd = app.coursedir
    assignment, notebook, student = req["assignment"], req["notebook"], req["student"]
    path = os.path.join(cd.format_path(cd.autograded_directory, student, assignment), notebook + ".ipynb")
    with Gradebook(cd.db_url) as gb:
        submission = gb.find_submission_notebook(notebook, assignment, student)
        resources = {"assignment_id": assignment, "notebook_id": notebook, "submission_id": submission.id,
                     "index": 0, "total": 1, "base_url": "", "student": student, "last_name": None,
                     "first_name": None, "notebook_path": path}  # fmt: skip
    exporter = HTMLExporter(template_name="formgrade", extra_template_basedirs=[handlers.template_path])
    html, _ = exporter.from_filename(path, resources=resources)
    return {"ok": True, "html": html}


OPS = {"generate": generate, "writeback": writeback, "submissions": submissions, "formgrade": formgrade,
       "manual_scores": manual_scores}


def main() -> int:
    # nbgrader shells out to its own tools (alembic): they live next to this interpreter
    os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    real_stdout = sys.stdout
    try:
        req = json.load(sys.stdin)
        with contextlib.redirect_stdout(sys.stderr):
            answer = OPS[req["op"]](req)
    except Exception as exc:
        traceback.print_exc(file=sys.stderr)
        answer = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    real_stdout.write(json.dumps(answer, default=str) + "\n")
    real_stdout.flush()
    return 0 if answer.get("ok") else 1


if __name__ == "__main__":
    sys.exit(main())
