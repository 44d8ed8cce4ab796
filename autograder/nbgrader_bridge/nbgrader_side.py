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
  output of each graded cell) and feedback/<id>/<assignment>/<notebook>.html plus the timestamp.txt and
  submission_secret.txt that `nbgrader release_feedback` reads. Answer: {ok, students: [ids]}.
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
import shutil
import stat
import sys
import traceback

MAX_NOTEBOOK_BYTES = 20 * 2**20  # what jaxgrade's intake reads of one notebook


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


def _autograded_notebook(src: str, fallback: str, dest: str, resources: dict, cells: dict) -> None:
    import nbformat
    from nbgrader.preprocessors import OverwriteCells

    try:  # the student's file: a regular file of bounded size that parses, else the released notebook
        st = os.lstat(src)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_NOTEBOOK_BYTES:
            raise ValueError(f"{src}: not a regular file of at most {MAX_NOTEBOOK_BYTES} bytes")
        nb = nbformat.read(src, as_version=4)
    except Exception as exc:  # whatever the student handed in that nbformat cannot read
        print(f"nbgrader_side: {exc}; the released notebook stands in", file=sys.stderr)
        nb = nbformat.read(fallback, as_version=4)
    # nbgrader's own cells (graded checks, locked setup) come back from the gradebook, as in autograde
    nb, _ = OverwriteCells(add_missing_cells=True).preprocess(nb, dict(resources))
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if grade_id in cells:
                cell.outputs = _feedback_outputs(cells[grade_id].get("comment", ""))
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    nbformat.write(nb, dest)


def _comment_of(gb, cell_id: str, submitted_notebook_id: str):
    from nbgrader.api import Comment

    query = gb.db.query(Comment).filter(
        Comment.cell_id == cell_id, Comment.notebook_id == submitted_notebook_id
    )
    return query.one_or_none()


def writeback(req: dict) -> dict:
    from nbgrader.api import Comment, Gradebook, MissingEntry

    app = _app([])
    cd = app.coursedir
    assignment = req["assignment"]
    done = []
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
            submitted = cd.format_path(cd.submitted_directory, sid, assignment)
            autograded = cd.format_path(cd.autograded_directory, sid, assignment)
            feedback = cd.format_path(cd.feedback_directory, sid, assignment)
            release = cd.format_path(cd.release_directory, ".", assignment)
            timestamp = cd.get_existing_timestamp(submitted)
            gb.update_or_create_student(sid)
            gb.update_or_create_submission(assignment, sid, timestamp=timestamp)
            os.makedirs(autograded, exist_ok=True)
            os.makedirs(feedback, exist_ok=True)
            for name in notebooks:
                want = student["notebooks"].get(name, {"cells": {}, "feedback_html": ""})
                cells = want["cells"]
                resources = {"nbgrader": {"notebook": name, "assignment": assignment, "db_url": cd.db_url}}
                source_nb = gb.find_notebook(name, assignment)
                submitted_nb = gb.find_submission_notebook(name, assignment, sid)
                for cell in source_nb.grade_cells:
                    grade = gb.find_grade(cell.name, name, assignment, sid)
                    if cell.name in cells:
                        grade.auto_score = float(cells[cell.name]["score"])
                        grade.needs_manual_grade = False
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
                gb.db.commit()
                _autograded_notebook(os.path.join(submitted, name + ".ipynb"),
                                     os.path.join(release, name + ".ipynb"),
                                     os.path.join(autograded, name + ".ipynb"), resources, cells)  # fmt: skip
                with open(os.path.join(feedback, name + ".html"), "w", encoding="utf-8") as f:
                    f.write(want.get("feedback_html", ""))
            for extra in ("timestamp.txt", "submission_secret.txt"):
                if os.path.isfile(os.path.join(submitted, extra)):
                    shutil.copyfile(os.path.join(submitted, extra), os.path.join(autograded, extra))
                    shutil.copyfile(os.path.join(submitted, extra), os.path.join(feedback, extra))
            done.append(sid)
    return {"ok": True, "students": done}


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


OPS = {"generate": generate, "writeback": writeback, "submissions": submissions, "formgrade": formgrade}


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
