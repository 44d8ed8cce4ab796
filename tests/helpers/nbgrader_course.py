"""A real nbgrader 0.9.6 course that jaxgrade released into and graded, built by one command.

    python -m helpers.nbgrader_course BASE

`jaxgrade release --nbgrader` into BASE/course, five students fetch, answer and submit through a real
exchange folder (three of them break a naive write-back), `nbgrader collect`, then
`jaxgrade grade --nbgrader` twice (the second run must change nothing). tests/test_nbgrader.py reads the
course; the command runs on the early lane (tests/helpers/early_lane.py) because it takes a minute or
two of mostly one core. nbgrader lives in .venv-nbgrader/ (scripts/bootstrap.sh); every nbgrader
command runs there with HOME, USER and the config inside BASE.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from autograder.commands import grade
from autograder.commands import release as release_cmd
from autograder.nbgrader_bridge import venv
from autograder.release.masters import find_masters

from .paths import REPO

V = "2026-fall"
COURSE_ID = "jaxcourse"
STUDENTS = ("alice", "bob", "carol", "dave", "erin")
WRITTEN = ("alice", "bob", "dave")  # carol: timestamp.txt does not parse; erin: a linked secret file
HOST_SECRET_NAME = "jaxgrade_host_secret.txt"
HOSTILE_MARKUP = (
    '<img src="x" onerror="jaxgrade_xss_img()"><script>jaxgrade_xss_script()</script>',
    '<iframe srcdoc="jaxgrade_xss_frame"></iframe> ``` fence <b>jaxgrade_bold</b>',
)


def add_cells(student_nb: Path, markdown: tuple[str, ...]) -> None:
    """A student's own markdown cells (and one raw HTML cell) at the end of the notebook."""
    nb = json.loads(student_nb.read_text(encoding="utf-8"))
    for text in markdown:
        nb["cells"].append({"cell_type": "markdown", "metadata": {}, "source": text})
    nb["cells"].append({"cell_type": "raw", "metadata": {"format": "text/html"}, "source": markdown[0]})
    student_nb.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def strip_nbgrader_metadata(student_nb: Path) -> None:
    nb = json.loads(student_nb.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        cell["metadata"].pop("nbgrader", None)
    student_nb.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def tamper_check_cell(student_nb: Path, grade_id: str) -> None:
    nb = json.loads(student_nb.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == grade_id:
            cell["source"] = "print('all good')"
    student_nb.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def release_parser():

    p = argparse.ArgumentParser(prog="jaxgrade release")
    release_cmd.add_arguments(p)
    return p


def grade_parser():

    p = argparse.ArgumentParser(prog="jaxgrade grade")
    grade.add_arguments(p)
    return p


def nbgrader_command() -> Path:
    """The nbgrader script of .venv-nbgrader (raises venv.NbgraderError when it is missing)."""
    return venv.nbgrader_python().parent / "nbgrader"


def nbgrader(args: list[str], cwd: Path, home: Path, user: str) -> str:
    env = {**os.environ, "HOME": str(home), "USER": user, "LOGNAME": user,
           "PATH": f"{nbgrader_command().parent}{os.pathsep}{os.environ.get('PATH', '')}"}  # fmt: skip
    env.pop("JUPYTER_CONFIG_DIR", None)
    proc = subprocess.run(
        [str(nbgrader_command()), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout + proc.stderr


def write_config(path: Path, exchange: Path, course: Path | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [
        "c = get_config()",
        f"c.CourseDirectory.course_id = {COURSE_ID!r}",
        f"c.Exchange.root = {str(exchange)!r}",
    ]
    if course is not None:
        lines.append(f"c.CourseDirectory.root = {str(course)!r}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def answer_quiz(student_nb: Path, answers: dict[str, str]) -> None:
    """Write quiz answers (after the template's heading) into the cells nbgrader knows as `ch02_q<n>`."""
    nb = json.loads(student_nb.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id", "")
        if grade_id in answers:
            cell["source"] = f"**测验 {grade_id.replace('_', '.')} 作答**\n\n{answers[grade_id]}"
    student_nb.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def right_letters(student: str, release: Path, qid: str) -> str:
    from autograder.quiz.grading_key import load_key
    from jaxcourse.quiz import load_quiz, shown_options

    q, public = load_key(release).question(qid), load_quiz(release / "quiz.json")
    shown = shown_options(next(p for p in public.questions if p.id == qid), student, public.salt)
    return ", ".join(letter for letter, text in shown if q.options.index(text) in q.correct)


def answer(student_nb: Path, answers: dict[str, str]) -> None:
    """Write answers into the cells nbgrader knows as `<exercise>_answer` (what a student does in Jupyter)."""
    nb = json.loads(student_nb.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id", "")
        ex = grade_id.removesuffix("_answer")
        if grade_id.endswith("_answer") and ex in answers:
            cell["source"] = answers[ex]
    student_nb.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def course_paths(base: Path) -> dict[str, Path]:
    """What the tests read of a course built at `base`."""
    release = base / "assignments"
    return {
        "course": base / "course",
        "out": base / "out",
        "instructor": base / "home-instructor",
        "release": release / V,
        **{f"home-{u}": base / f"home-{u}" for u in STUDENTS},
    }


def build_course(base: Path) -> dict[str, Path]:
    course, exchange, out = base / "course", base / "exchange", base / "out"
    exchange.mkdir(mode=0o777)
    instructor = base / "home-instructor"
    write_config(course / "nbgrader_config.py", exchange, course)
    # 1. `jaxgrade release --nbgrader` (otter release + nbgrader generate_assignment), then the exchange
    release = base / "assignments"
    args = release_parser().parse_args(["--version", V, "--solutions", str(REPO / "solutions"),
                                        "--out", str(release), "--nbgrader", str(course)])  # fmt: skip
    assert release_cmd.run(args) == 0
    nbgrader(["release_assignment", V], course, instructor, "instructor")
    # 2. two students fetch, answer chapter 2 (and hand in only that notebook), submit
    masters = find_masters(REPO / "solutions")
    solutions = {ex: srcs[0] for ex, srcs in masters["ch02"].answer_sources.items()}
    work = {}
    from autograder.exercises.recompile import correct_prediction

    # the recompile sequence is per student: each answers the count of the sequence of their
    # nbgrader id, which is the id the grader judges them on
    own = {u: f"predicted_compiles = {correct_prediction(u, release / V)}\n" for u in STUDENTS}
    students = (("alice", {**solutions, "recompile": own["alice"]}), ("bob", {"recompile": own["bob"]}),
                ("carol", {"recompile": own["carol"]}), ("dave", {**solutions, "recompile": own["dave"]}),
                ("erin", {"recompile": own["erin"]}))  # fmt: skip
    for user, answers in students:
        home = base / f"home-{user}"
        write_config(home / ".jupyter" / "nbgrader_config.py", exchange)
        nbgrader(["fetch_assignment", V, "--course", COURSE_ID], home, home, user)
        answer(home / V / "ch02_performance.ipynb", answers)
        if user == "alice":  # alice also answers one written and one choice quiz question
            answer_quiz(home / V / "ch02_performance.ipynb", {
                "ch02_q1": "答案:返回 Jaxpr;分号左边是 constvars,来自闭包捕获的数组。",
                "ch02_q3": "答案: " + right_letters("alice", release / V, "ch02.q3")})
        if user == "bob":  # bob breaks his chapter 5 file, rewrites a locked check cell, adds markup
            (home / V / "ch05_interop.ipynb").write_text("{not json", encoding="utf-8")
            tamper_check_cell(home / V / "ch02_performance.ipynb", "histogram_check")
            add_cells(home / V / "ch02_performance.ipynb", HOSTILE_MARKUP)
        else:
            (home / V / "ch05_interop.ipynb").unlink()
        if user == "dave":  # copied his answers into a fresh notebook: no nbgrader cell metadata
            strip_nbgrader_metadata(home / V / "ch02_performance.ipynb")
        nbgrader(["submit", V, "--course", COURSE_ID, "--student", user], home, home, user)
        work[user] = home
    # 3. collect, then grade with jaxgrade (real runner, sandboxed)
    nbgrader(["collect", V], course, instructor, "instructor")
    # what the student's side of the exchange wrote reaches the course folder as it was written
    (course / "submitted" / "carol" / V / "timestamp.txt").write_text("not a time\n", encoding="utf-8")
    secret = course / "submitted" / "erin" / V / "submission_secret.txt"
    secret.unlink()
    secret.symlink_to(HOST_SECRET_NAME)  # relative: the course's own marker file, never a real secret
    (secret.parent / HOST_SECRET_NAME).write_text("jaxgrade_host_secret\n", encoding="utf-8")
    argv = ["--nbgrader", str(course), "--assignment", V, "--release", str(release / V),
            "--out", str(out), "--jobs", "2", "--timeout-scale", "3"]  # fmt: skip
    assert grade.run(grade_parser().parse_args(argv)) == 0
    # a second run grades nothing again (unchanged) and writes the same records into nbgrader again
    assert grade.run(grade_parser().parse_args(argv)) == 0
    assert sorted(work) == sorted(STUDENTS)
    return course_paths(base)


if __name__ == "__main__":
    build_course(Path(sys.argv[1]))
