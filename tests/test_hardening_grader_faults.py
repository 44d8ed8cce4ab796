"""Grader faults a student cannot cause (issue 43, sections 3 and 4).

A grader fault says "not the student's fault, retry". Each test here is a submission that used to
make one on purpose, every time, and the class it stands for:

- the build step: what decides "the machine failed the compiler" is what the student cannot write
  (the sandbox's own fault, the build folder's free space, the exit status), never the compiler's
  text (`#error No space left on device`, a `#pragma message` in a build that succeeds);
- compiler text shown to a student names the student's own file, never the grader host's folders.

The compilers run for real (clang++ in the real bwrap sandbox); their sources only print, fail or
compile a function, so they stay harmless even if the sandbox had a bug.
"""

from __future__ import annotations

import csv
import ctypes
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from IPython.core.inputtransformer2 import TransformerManager

from autograder.commands import grade
from autograder.grade import codec, result_file
from autograder.grade.build import (
    WRITEFILE_NOTES_SHOWN,
    BuildCache,
    BuildFault,
    KernelSource,
    writefile_notes,
)
from autograder.grade.cells import AnswerCell, map_cells
from autograder.grade.gradebook import Gradebook
from autograder.grade.intake import discover, intake_student
from autograder.grade.run.job import BUILD_VISIBLE, covered_top_level, python_prefixes
from autograder.messages import message
from autograder.model import ChapterNotebook, ExerciseScore, ReleaseInfo, StudentResult, StudentSubmission
from autograder.quiz.grading_key import key_file, load_key
from autograder.quiz.score import score_quiz
from autograder.sandbox import Limits, Mount, make_sandbox
from autograder.sandboxed.ipython_transform import linear_manager
from jaxcourse.variants import normalise_student_id

from helpers.fake_grading import ALL_OK, fake_grade, make_release, nb_bytes, parser, read_csv
from helpers.paths import RELEASE

REAL_BUILD = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("bwrap") is None or shutil.which("clang++") is None,
    reason="needs root, bwrap and clang++ (the real sandbox)",
)
QUIZ_KEY = load_key(RELEASE)
RELEASE_INFO = ReleaseInfo.load(RELEASE)
EXERCISES_OF_RELEASE = tuple(RELEASE_INFO.points)
BUILD_UID = 65093  # private to this module: "nothing of the uid survives" is about these builds


def build_cache(tmp_path: Path, scratch_root: Path | None = None) -> BuildCache:
    """The real build step: clang++ in the bwrap sandbox, the grader's hidden folders and mounts."""
    sandbox = make_sandbox("bwrap", uid=BUILD_UID, gid=BUILD_UID)
    hidden = [*covered_top_level(BUILD_VISIBLE), tmp_path]
    mounts = [Mount(Path(p), p) for p in python_prefixes()]
    return BuildCache(
        tmp_path / "cache",
        sandbox,
        scratch_root=scratch_root or tmp_path / "scratch",
        limits=Limits(wall_s=120, address_space_bytes=4 * 2**30),
        hidden=hidden,
        mounts=mounts,
    )


# ---------------------------------------------------------- build: the compiler's text decides nothing


@REAL_BUILD
def test_an_error_directive_that_names_a_full_disk_is_the_students_compile_error(tmp_path):
    src = b"#error No space left on device\n#error Input/output error\nint f() { return 0; }\n"
    out = build_cache(tmp_path).build(KernelSource("silu.cc", src, "cell 3"))
    assert out.status == "compile_error" and not out.ok
    assert out.diagnostics.startswith("silu.cc:1:2: error: No space left on device"), out.diagnostics
    assert list((tmp_path / "cache").glob("*.err.json")), "a plain error exit is the source's, cached"


@REAL_BUILD
def test_a_clean_build_is_built_whatever_its_warnings_say(tmp_path):
    src = (
        b'#pragma message("Input/output error")\n#pragma message("Resource temporarily unavailable")\n'
        b'[[deprecated("Disk quota exceeded")]] int old_api() { return 1; }\n'
        b'extern "C" int uses_it() { return old_api(); }\n'
        b'#pragma message("CPU time limit exceeded")\n'
    )
    out = build_cache(tmp_path).build(KernelSource("silu.cc", src, "cell 3"))
    assert (out.status, out.ok) == ("built", True), out.diagnostics
    assert "Disk quota exceeded" in out.diagnostics and "silu.cc" in out.diagnostics  # warnings still show


@REAL_BUILD
def test_a_failed_compile_in_a_full_build_folder_is_a_grader_fault_not_a_cached_error(tmp_path):
    """The build folder on a full file system (a 16 KiB tmpfs): a compile that fails there says
    nothing about the source, even an `#error` that would fail anywhere, so nothing is cached and the
    next build on a working disk decides."""
    tiny = tmp_path / "tiny"
    tiny.mkdir()
    libc = ctypes.CDLL(None, use_errno=True)
    assert libc.mount(b"jaxgrade-test-full", str(tiny).encode(), b"tmpfs", 0, b"size=16k,mode=0755") == 0, (
        os.strerror(ctypes.get_errno())
    )
    src = b'#error "the student\'s own error"\n'
    try:
        with pytest.raises(BuildFault, match="build folder .* full"):
            build_cache(tmp_path, scratch_root=tiny).build(KernelSource("silu.cc", src, "cell 3"))
    finally:
        libc.umount2(str(tiny).encode(), 2)
    assert not list((tmp_path / "cache").glob("*.err.json"))
    again = build_cache(tmp_path).build(KernelSource("silu.cc", src, "cell 3"))
    assert again.status == "compile_error" and "the student's own error" in again.diagnostics


# ------------------------------------------------------------------ intake and quiz: an id that names no one

INVISIBLE = st.characters(categories=("Zs", "Zl", "Zp", "Cc", "Cf"))


def test_an_id_of_unicode_spaces_is_refused_at_intake_with_a_clear_message(tmp_path):
    (tmp_path / "\u3000.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    students = discover(tmp_path).students
    assert list(students) == ["\u3000"]
    sub = intake_student("\u3000", students["\u3000"])
    assert sub.status == "malformed:bad_id" and sub.notebooks == {}
    assert len(sub.problems_zh) == 1 and "\\u3000" in sub.problems_zh[0] and "学号" in sub.problems_zh[0]


@settings(max_examples=300, deadline=None)
@given(st.text(INVISIBLE, max_size=8))
def test_an_id_of_only_invisible_characters_is_always_refused(sid):
    assert intake_student(sid, []).status == "malformed:bad_id"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12))
def test_every_id_intake_accepts_can_be_scored_by_the_quiz(sid):
    """Intake and the quiz agree on what an id is: one intake does not refuse is one the quiz key
    scores under (its normalised form is not empty), whatever the characters."""
    sub = intake_student(sid, [])
    if sub.status == "malformed:bad_id":
        return
    assert normalise_student_id(sid)
    assert len(score_quiz(QUIZ_KEY, "ch02", None, sid)) == len(QUIZ_KEY.chapter("ch02"))


@given(st.text(INVISIBLE, max_size=4), st.sampled_from("a7学Z"), st.text(INVISIBLE, max_size=4))
def test_an_id_with_one_visible_character_is_kept(before, visible, after):
    assert intake_student(before + visible + after, []).status == "not_submitted"


def test_one_unusable_id_never_stops_the_batch_or_the_others_quiz(tmp_path, monkeypatch):
    """`jaxgrade grade` with the fake runner over two students, one named only by an ideographic
    space: the batch ends 0, the good student has their quiz output, the other a malformed status."""
    monkeypatch.setenv("FAKE_CALLS", str(tmp_path / "calls.txt"))
    rel = make_release(tmp_path / "rel")
    shutil.copy(key_file(RELEASE), key_file(rel))
    subs, out = tmp_path / "subs", tmp_path / "out"
    subs.mkdir()
    (subs / "s01.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    (subs / "\u3000.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    args = parser().parse_args([str(subs), "--out", str(out), "--release", str(rel), "--jobs", "1"])
    assert grade.run(args, grade_fn=fake_grade) == 0
    rows = read_csv(out)
    assert rows["\u3000"]["status"] == "malformed:bad_id"
    assert rows["s01"]["status"] == "partial:not_submitted:ch05"  # its ch05 was not handed in
    quiz_rows = list(csv.DictReader(io.StringIO((out / "quiz.csv").read_text(encoding="utf-8"))))
    assert [r["student_id"] for r in quiz_rows] == ["s01"]
    assert (out / "s01" / "quiz.md").is_file()


# ------------------------------------------------------- notes and shell lines: always a valid result

BANG_CELLS, BANG_LINES = 120, 2000  # the notebook that ran 166 s and ended as a grader fault


def bang_notebook() -> dict:
    """The released chapter 2 notebook with 120 extra code cells of 2,000 `!true` lines each."""
    nb = json.loads((RELEASE / "ch02_performance.ipynb").read_text(encoding="utf-8"))
    nb["cells"] += [
        {
            "cell_type": "code",
            "metadata": {},
            "source": "!true\n" * BANG_LINES,
            "outputs": [],
            "execution_count": None,
        }
        for _ in range(BANG_CELLS)
    ]
    return nb


def test_a_notebook_of_many_overlong_cells_gets_one_note_not_one_per_cell():
    release = json.loads((RELEASE / "ch02_performance.ipynb").read_text(encoding="utf-8"))
    mapped = map_cells("ch02", release, bang_notebook())
    assert len(mapped.notes_zh) == 1, len(mapped.notes_zh)
    note = mapped.notes_zh[0]
    assert f"有 {BANG_CELLS} 个单元格" in note and ", …" in note, note
    assert len(note) < 400


@pytest.mark.parametrize("count, length", [(codec.MAX_MESSAGES + 1, 10), (250, 10), (30, codec.MAX_TEXT + 5)])
def test_the_result_file_is_valid_however_many_and_long_the_notes(tmp_path, count, length):
    """Notes past the format's caps (count, length, all together) are cut and counted in a last note,
    so the service reads the attempt instead of retrying a grader fault."""
    messages = tuple(f"{i:04d}" + "注" * length for i in range(count))
    with Gradebook(tmp_path / "gradebook.sqlite") as gb:
        gb.receive("s1", 1.0)
        gb.mark_parsed("s1", "ab" * 32, 2.0)
        gb.mark_running("s1", 3.0)
        gb.record_result(
            StudentResult("s1", "ab" * 32, RELEASE_INFO.version, {}, "ok", (), messages),
            scope="all",
            graded_at=4.0,
        )
    path = result_file.write(tmp_path, "s1")
    got = result_file.read(path, student_id="s1", release=RELEASE_INFO, exercises=())
    assert 1 < len(got.messages_zh) <= codec.MAX_MESSAGES
    assert all(len(m) <= codec.MAX_TEXT for m in got.messages_zh)
    assert got.messages_zh[0].startswith("0000")
    if len(got.messages_zh) < count:
        left = count - (len(got.messages_zh) - 1)
        assert got.messages_zh[-1] == message("notes_omitted", count=left)


def test_a_long_exercise_summary_is_cut_to_the_format(tmp_path):
    """An exercise's summary gathers notes about the student's cells; past codec.MAX_TEXT it is cut
    when the result is written, never a result the service refuses."""
    ex = EXERCISES_OF_RELEASE[0]
    top = RELEASE_INFO.points[ex]
    score = ExerciseScore(ex, 0.0, top, (), "ok", "注" * (3 * codec.MAX_TEXT))
    with Gradebook(tmp_path / "gradebook.sqlite") as gb:
        gb.receive("s1", 1.0)
        gb.mark_parsed("s1", "ab" * 32, 2.0)
        gb.mark_running("s1", 3.0)
        result = StudentResult("s1", "ab" * 32, RELEASE_INFO.version, {ex: score}, "ok", (), ())
        gb.record_result(result, scope="all", graded_at=4.0)
    path = result_file.write(tmp_path, "s1", (ex,))
    got = result_file.read(path, student_id="s1", release=RELEASE_INFO, exercises=(ex,))
    assert len(got.scores[ex].summary_zh) == codec.MAX_TEXT and got.scores[ex].summary_zh.endswith("…")


def test_many_refused_writefile_cells_get_a_few_notes_and_a_count():
    cells = [AnswerCell(i, "%%writefile a.cc b.cc\nint x;\n") for i in range(300)]
    notes = writefile_notes(cells)
    assert len(notes) == WRITEFILE_NOTES_SHOWN + 1
    assert notes[0].startswith("第 1 个单元格") and notes[-1] == message(
        "notes_omitted", count=300 - WRITEFILE_NOTES_SHOWN
    )


REAL_GRADING = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("bwrap") is None, reason="needs root (sandbox uids) and bwrap"
)
GRADING_UIDS = (65094, 65095)  # private to this module (the runner takes one per job with an flock)


@pytest.mark.slow
@REAL_GRADING
def test_the_notebook_of_120_overlong_shell_cells_is_graded_into_a_valid_result(tmp_path):
    """End to end with the real runner (bwrap, the grading child's IPython): the notebook that kept a
    child busy for minutes and then broke `$.messages_zh` is graded; its cells fail as IPython fails
    them in Jupyter (too many transforms), the student gets one note about them, and the result file
    the service reads is valid."""
    from autograder.grade.run import RunSettings, grade_submission

    nb = bang_notebook()
    sub = StudentSubmission("bang", "ab" * 32, {"ch02": ChapterNotebook("ch02", "ch02.ipynb", nb)})
    settings = RunSettings(isolation="bwrap", exercises=("safe_distance",), build_cache=tmp_path / "build",
                           scratch_root=tmp_path / "scratch", uids=GRADING_UIDS)  # fmt: skip
    result = grade_submission(sub, RELEASE_INFO, settings)
    notes = [m for m in result.messages_zh if "单元格" in m]
    assert len(notes) == 1 and f"有 {BANG_CELLS} 个单元格" in notes[0], result.messages_zh
    summary = result.scores["safe_distance"].summary_zh
    assert result.scores["safe_distance"].status != "timeout"
    assert "still changing after 500" in summary, summary
    with Gradebook(tmp_path / "gradebook.sqlite") as gb:
        gb.receive("bang", 1.0)
        gb.mark_parsed("bang", "ab" * 32, 2.0)
        gb.mark_running("bang", 3.0)
        gb.record_result(result, scope="all", graded_at=4.0)
    path = result_file.write(tmp_path, "bang", ("safe_distance",))
    got = result_file.read(path, student_id="bang", release=RELEASE_INFO, exercises=("safe_distance",))
    assert got.scores["safe_distance"].score == result.scores["safe_distance"].score


CHILD_TRANSFORM = """
import json, sys
from IPython.core.inputtransformer2 import TransformerManager
calls = [0]
step = TransformerManager.do_one_token_transform
def counted(self, lines):
    calls[0] += 1
    return step(self, lines)
TransformerManager.do_one_token_transform = counted
from autograder.sandboxed.child_main import make_shell
shell = make_shell()
out = {}
for n in (40, 2000):
    calls[0] = 0
    try:
        text = shell.transform_cell("!true\\n" * n)
        out[n] = [calls[0], text.count("get_ipython().system('true')")]
    except RuntimeError as exc:
        out[n] = [calls[0], str(exc)]
print(json.dumps(out))
"""


def test_the_grading_shell_transforms_shell_lines_in_one_pass(tmp_path):
    """The grading child's shell never re-tokenises a cell per `!` line (IPython's step ran 500 times
    on a cell of 2,000 lines before giving up), and ends as IPython does: a cell needing 500 or more
    transforms raises IPython's own RuntimeError, as in the student's Jupyter. Run in a child process
    of its own (an IPython shell is a process-wide singleton)."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD_TRANSFORM],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
        check=True,
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["40"] == [0, 40]
    assert out["2000"][0] == 0 and "still changing after 500 iterations" in out["2000"][1], out


SPECIAL_LINES = [
    "!true", "!echo (", "!echo it's", "%time x = 1", "%ls?", "x = !ls", "y = %pwd", "obj?", "obj??", "if x:",
    "    !ls", "    y = 1", "        %pwd", "a = (1,", "2)", "'''", "s = '''", "x = 1 \\", "!ls \\", "# !x",
    "", "  ", "def f():", "/f a b", ",f a b", ";f a b", "print('!x')", "z = [", "]", "\tpass", "x = %",
    "%%bash", "f'{x!r}'", "0b12", "!", "%", "x ?", "?x", "x = (", "!echo )", '"""', "  !ls \\", "pass?",
    "a?b", "x = %time \\", "%%time", "if 1: !ls", "#?", "else:", "x = !!ls", "!!ls", "  %pwd?", "\t!ls",
    "x=1;!ls", "!echo [", "  )", "\t\tpass", "    '''",
]  # fmt: skip


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(SPECIAL_LINES), max_size=14), st.booleans())
def test_the_one_pass_transform_gives_what_ipython_gives(parts, trailing_newline):
    """Equal to IPython's own loop on cells of every kind of special syntax, broken lines included
    (an open bracket, an unterminated string, a stray backslash, a bad indent), errors included. The
    one difference the module states: a cell IPython refuses with IndentationError or TabError may
    instead come back as text Python cannot compile, or as the same error at another line number;
    such a cell runs nothing either way."""
    cell = "\n".join(parts) + ("\n" if trailing_newline else "")

    def transformed(manager: TransformerManager) -> str | Exception:
        try:
            return manager.transform_cell(cell)
        except Exception as exc:
            return exc

    ours, theirs = transformed(linear_manager()), transformed(TransformerManager())
    if isinstance(theirs, IndentationError) and isinstance(ours, str):
        with pytest.raises(SyntaxError):
            compile(ours, "<cell>", "exec")
        return
    if isinstance(theirs, IndentationError) and isinstance(ours, IndentationError):
        # the same refusal of the same text; its line number may differ by the lines the fast path
        # consumed before handing the rest to IPython (the cell runs nothing either way)
        assert (type(ours), ours.msg, ours.text) == (type(theirs), theirs.msg, theirs.text)
        return
    assert repr(ours) == repr(theirs)


# ------------------------------------------------------- compiler text: the student's files, not the host's

HOST_MARKERS = (
    str(Path(__file__).resolve().parents[1]),
    sys.prefix,
    "/usr/",
    "/lib/",
    "/sandbox/",
    "0x00007",
)


@REAL_BUILD
def test_a_compiler_crash_shows_no_host_path_address_or_command_line(tmp_path):
    src = b'#include "xla/ffi/api/ffi.h"\n#pragma clang __debug crash\n'  # clang's own crash on request
    out = build_cache(tmp_path).build(KernelSource("silu.cc", src, "cell 3"))
    assert out.status == "compile_error"
    leaked = [m for m in HOST_MARKERS if m in out.diagnostics]
    assert not leaked, out.diagnostics
    assert "Program arguments: [omitted]" in out.diagnostics and "stack frames omitted" in out.diagnostics
    assert "silu.cc:2:2" in out.diagnostics  # still says where in the student's source
    # a tool that did not run to its end may be the machine's passing state: reported, never cached
    assert not list((tmp_path / "cache").glob("*.err.json"))


@REAL_BUILD
def test_a_normal_compile_error_keeps_the_students_file_and_the_headers_public_names(tmp_path):
    src = (
        b'#include <vector>\n#include "xla/ffi/api/ffi.h"\n'
        b"auto e = xla::ffi::Error::Success(1);\nstd::vector<int> v(1, 2, 3, 4, 5);\n"
    )
    out = build_cache(tmp_path).build(KernelSource("silu.cc", src, "cell 3"))
    assert out.status == "compile_error"
    assert not [m for m in HOST_MARKERS if m in out.diagnostics], out.diagnostics
    assert out.diagnostics.startswith("silu.cc:3:35: error: too many arguments to function call")
    assert "\nxla/ffi/api/ffi.h:" in out.diagnostics and "note: 'Success' declared here" in out.diagnostics
    assert (
        "bits/stl_vector.h:" in out.diagnostics and "auto e = xla::ffi::Error::Success(1);" in out.diagnostics
    )


def test_a_cached_error_from_before_is_shown_without_host_paths(tmp_path):
    """An error cached before host details were removed is scrubbed when it is read back; a URL and
    a division in the student's echoed source line are left alone."""
    cache = tmp_path / "cache"
    cache.mkdir()
    raw = (
        "kernel.cc:3:1: error: unknown type name 'flaot'\nflaot x = a/b; // https://example.org/doc\n"
        f"In file included from {sys.prefix}/lib/python3/site-packages/jaxlib/include/xla/ffi/api/ffi.h:12:\n"
        " #3 0x00007f878705a050 (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)\n"
    )
    (cache / "k1.err.json").write_text(json.dumps({"diagnostics": raw}), encoding="utf-8")
    bc = BuildCache(cache, None, scratch_root=tmp_path, limits=Limits())  # type: ignore[arg-type]  # starts nothing
    shown = bc.lookup("k1", "silu.cc")
    assert shown is not None and shown.status == "compile_error"
    assert shown.diagnostics.splitlines() == [
        "silu.cc:3:1: error: unknown type name 'flaot'",
        "flaot x = a/b; // https://example.org/doc",
        "In file included from xla/ffi/api/ffi.h:12:",
        "[1 stack frames omitted]",
    ]
