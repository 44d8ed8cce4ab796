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

import ctypes
import os
import shutil
from pathlib import Path

import pytest

from autograder.grade.build import BuildCache, BuildFault, KernelSource
from autograder.grade.run.job import BUILD_VISIBLE, covered_top_level, python_prefixes
from autograder.sandbox import Limits, Mount, make_sandbox

REAL_BUILD = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("bwrap") is None or shutil.which("clang++") is None,
    reason="needs root, bwrap and clang++ (the real sandbox)",
)
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
