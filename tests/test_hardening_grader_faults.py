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
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.commands import grade
from autograder.grade.build import BuildCache, BuildFault, KernelSource
from autograder.grade.intake import discover, intake_student
from autograder.grade.run.job import BUILD_VISIBLE, covered_top_level, python_prefixes
from autograder.quiz.grading_key import key_file, load_key
from autograder.quiz.score import score_quiz
from autograder.sandbox import Limits, Mount, make_sandbox
from jaxcourse.variants import normalise_student_id

from helpers.fake_grading import ALL_OK, fake_grade, make_release, nb_bytes, parser, read_csv
from helpers.paths import RELEASE

REAL_BUILD = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("bwrap") is None or shutil.which("clang++") is None,
    reason="needs root, bwrap and clang++ (the real sandbox)",
)
QUIZ_KEY = load_key(RELEASE)
BUILD_UID = 65093  # private to this module: "nothing of the uid survives" is about these builds


def build_cache(tmp_path: Path, scratch_root: Path | None = None) -> BuildCache:
    """The real build step: clang++ in the bwrap sandbox, the grader's hidden folders and mounts."""
    sandbox = make_sandbox("bwrap", uid=BUILD_UID, gid=BUILD_UID)
    hidden = [*covered_top_level(BUILD_VISIBLE), tmp_path]
    mounts = [Mount(Path(p), p) for p in python_prefixes()]
    return BuildCache(tmp_path / "cache", sandbox, scratch_root=scratch_root or tmp_path / "scratch",
                      limits=Limits(wall_s=120, address_space_bytes=4 * 2**30), hidden=hidden, mounts=mounts)


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
    src = (b'#pragma message("Input/output error")\n#pragma message("Resource temporarily unavailable")\n'
           b'[[deprecated("Disk quota exceeded")]] int old_api() { return 1; }\n'
           b'extern "C" int uses_it() { return old_api(); }\n'
           b'#pragma message("CPU time limit exceeded")\n')
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
    assert libc.mount(b"jaxgrade-test-full", str(tiny).encode(), b"tmpfs", 0, b"size=16k,mode=0755") == 0, \
        os.strerror(ctypes.get_errno())
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
