"""The C++ build cache (autograder/grade/build.py) with real clang++ inside the real bwrap sandbox.

Covers: a miss compiles in the sandbox and stores the library, a hit starts no sandbox at all, a
compile error returns the first diagnostics with the student's file name (and is cached too), an
`#include` of anything outside the source's own folder and the JAX headers is refused while system
headers work, and the source the parent extracts from `%%writefile` cells is byte for byte what
IPython writes (so the child's `build_key` finds the prebuilt library).
"""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import close_ipython_shell

from autograder.grade.build import (
    BuildCache,
    KernelSource,
    choose_kernel,
    find_kernel_sources,
    writefile_notes,
)
from autograder.grade.cells import AnswerCell
from autograder.grade.run.job import BUILD_VISIBLE, covered_top_level, python_prefixes
from autograder.sandbox import Limits, Mount, make_sandbox
from jaxcourse.kernels import build_key, ffi_include_dir

REPO = Path(__file__).resolve().parents[1]
REAL = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("bwrap") is None or shutil.which("clang++") is None,
    reason="needs root, bwrap and clang++ (the real sandbox)",
)

SILU_OK = b'''#include <cmath>
#include <vector>
#include "xla/ffi/api/ffi.h"
namespace ffi = xla::ffi;
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  std::vector<float> tmp(1);
  for (size_t i = 0; i < x.element_count(); ++i) {
    float v = x.typed_data()[i];
    y->typed_data()[i] = v / (1.0f + std::exp(-v));
  }
  return ffi::Error::Success();
}
XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
'''


@dataclass
class CountingSandbox:
    """The real sandbox, counting how many times it was started (a cache hit must start none)."""

    inner: object
    starts: list[list[str]] = field(default_factory=list)

    @property
    def mode(self) -> str:
        return self.inner.mode  # type: ignore[attr-defined]

    def start(self, argv, **kw):
        self.starts.append(list(argv))
        return self.inner.start(argv, **kw)  # type: ignore[attr-defined]


@pytest.fixture
def cache(tmp_path) -> tuple[BuildCache, CountingSandbox]:
    sandbox = CountingSandbox(make_sandbox("bwrap", uid=65099, gid=65099))
    hidden = [*covered_top_level(BUILD_VISIBLE), tmp_path]
    mounts = [Mount(Path(p), p) for p in python_prefixes()]
    bc = BuildCache(tmp_path / "cache", sandbox, scratch_root=tmp_path / "scratch",  # type: ignore[arg-type]
                    limits=Limits(wall_s=120, address_space_bytes=4 * 2**30), hidden=hidden, mounts=mounts)
    return bc, sandbox


@REAL
def test_miss_compiles_in_the_sandbox_then_hit_starts_nothing(cache, tmp_path):
    bc, sandbox = cache
    first = bc.build(KernelSource("silu.cc", SILU_OK, "cell 3"))
    assert (first.status, first.ok) == ("built", True), first.diagnostics
    assert first.so_path == tmp_path / "cache" / f"{build_key(SILU_OK)}.so"
    assert (tmp_path / "cache").stat().st_mode & 0o777 == 0o700  # other students' kernels stay private
    argv = sandbox.starts[0]
    assert argv[argv.index("--") + 1] == "/sandbox/scratch/kernel.cc"  # grader-chosen name after `--`
    assert "-ferror-limit=20" in argv
    second = bc.build(KernelSource("other_name.cc", SILU_OK, "file other_name.cc"))
    assert second.status == "cached" and second.so_path == first.so_path
    assert len(sandbox.starts) == 1
    dest = BuildCache.install(second, tmp_path / "job" / "prebuilt")
    assert dest is not None and dest.name == f"{second.key}.so"
    assert dest.read_bytes() == first.so_path.read_bytes()
    assert list((tmp_path / "scratch").iterdir()) == []  # build scratch folders are removed


@REAL
def test_compile_error_returns_first_diagnostics_with_the_students_file_name(cache):
    bc, sandbox = cache
    src = b"#include <cmath>\n" + b"int f() { return missing_name; }\n" * 40
    out = bc.build(KernelSource("silu.cc", src, "cell 3"))
    assert out.status == "compile_error" and out.so_path is None
    assert out.diagnostics.startswith("silu.cc:2:")
    assert "missing_name" in out.diagnostics
    assert "/sandbox" not in out.diagnostics and "kernel.cc" not in out.diagnostics
    assert len(out.diagnostics.splitlines()) <= 20
    again = bc.build(KernelSource("mine.cc", src, "cell 3"))  # cached error, shown with this file name
    assert again.status == "compile_error" and again.diagnostics.startswith("mine.cc:2:")
    assert len(sandbox.starts) == 1


@REAL
def test_a_compile_the_disk_broke_is_a_grader_fault_never_a_cached_compile_error(cache, tmp_path):
    """The compiler's scratch on a full file system (a 16 KiB tmpfs: the source fits, the object file
    does not): ENOSPC is the machine's fault, so nothing is cached and the next build compiles again."""
    import ctypes

    from autograder.grade.build import BuildFault

    bc, sandbox = cache
    tiny = tmp_path / "tiny"
    tiny.mkdir()
    libc = ctypes.CDLL(None, use_errno=True)
    assert libc.mount(b"jaxgrade-test-tiny", str(tiny).encode(), b"tmpfs", 0, b"size=16k,mode=0755") == 0, \
        os.strerror(ctypes.get_errno())
    try:
        full = BuildCache(bc.root, sandbox, scratch_root=tiny, limits=bc.limits,  # type: ignore[arg-type]
                          hidden=bc.hidden, mounts=bc.mounts)
        with pytest.raises(BuildFault, match="No space left on device"):
            full.build(KernelSource("silu.cc", SILU_OK, "cell 3"))
    finally:
        libc.umount2(str(tiny).encode(), 2)
    assert not list(bc.root.glob("*.err.json")) if bc.root.exists() else True
    again = bc.build(KernelSource("silu.cc", SILU_OK, "cell 3"))  # a working disk: compiled, not an error
    assert again.status == "built", again.diagnostics


@REAL
def test_includes_outside_the_source_folder_are_refused_but_system_headers_work(cache, tmp_path):
    bc, _ = cache
    secret = tmp_path / "secret.h"
    secret.write_text("int leaked_secret_value = 1;\n")
    (tmp_path / "cache").mkdir(exist_ok=True)
    attempts = {
        "absolute": f'#include "{secret}"\n',
        "relative": '#include "../../../../../../' + str(secret).lstrip("/") + '"\n',
        "etc": '#include "/etc/passwd"\n',
        "repo": f'#include "{REPO / "kernels" / "rms_norm.cc"}"\n',
    }
    for name, line in attempts.items():
        out = bc.build(KernelSource("silu.cc", line.encode(), "cell 1"))
        assert out.status == "compile_error", name
        assert "file not found" in out.diagnostics, (name, out.diagnostics)
        assert "leaked_secret_value" not in out.diagnostics and "root:" not in out.diagnostics
    ok = bc.build(KernelSource("silu.cc", b"#include <vector>\n#include <cmath>\n#include <cstdio>\n"
                               b'extern "C" int answer() { return (int)std::sqrt(1764.0); }\n', "cell 1"))
    assert ok.ok, ok.diagnostics


@pytest.fixture
def ipython_shell():
    """IPython's own shell, ended after the test (no shell alive for later tests, nor at exit)."""
    from IPython.core.interactiveshell import InteractiveShell

    # The shell puts its own namespace in sys.modules["__main__"] and takes over the display and
    # exception hooks. Give them back: a later test that starts a process with `spawn` sends the
    # parent's __main__ to the child, and IPython's stand-in left the child of the intake pool's
    # test unable to start (tests/test_hardening_intake_pool.py, after this module in the suite).
    saved = sys.modules["__main__"], sys.displayhook, sys.excepthook
    yield InteractiveShell.instance()
    close_ipython_shell()
    sys.modules["__main__"], sys.displayhook, sys.excepthook = saved


def test_writefile_extraction_matches_what_ipython_writes(tmp_path, monkeypatch, ipython_shell):
    cells = [
        '%%writefile silu.cc\n#include "xla/ffi/api/ffi.h"\nint a;   \n\n  ',
        "%%writefile -a silu.cc\r\nint b;\r\n",
        '%%writefile "cpp/other.cpp"\nint c;',
        "print('not a kernel')",
        "%%writefile notes.txt\nhello",
    ]
    (tmp_path / "cpp").mkdir()
    monkeypatch.chdir(tmp_path)
    for src in cells:
        assert ipython_shell.run_cell(src, store_history=False).success
    found = find_kernel_sources([AnswerCell(i + 10, s) for i, s in enumerate(cells)], {})
    assert [(k.name, k.origin) for k in found] == [("silu.cc", "cell 11"), ("other.cpp", "cell 13")]
    assert found[0].text == (tmp_path / "silu.cc").read_bytes()
    assert found[1].text == (tmp_path / "cpp" / "other.cpp").read_bytes()
    assert build_key(found[0].text) == build_key((tmp_path / "silu.cc").read_bytes())


def test_extra_files_and_the_choice_of_kernel():
    cells = [AnswerCell(4, "%%writefile helper.cc\nint helper;")]
    extra = {"silu.cc": SILU_OK, "notes/readme.md": b"x", "cpp/alt.cc": b"int alt;"}
    found = find_kernel_sources(cells, extra)
    assert [k.name for k in found] == ["helper.cc", "alt.cc", "silu.cc"]
    assert choose_kernel(found).name == "silu.cc"  # defines the Silu handler
    assert choose_kernel(found[:2]).name == "alt.cc"  # none defines it: the last one
    assert choose_kernel([]) is None


def test_build_key_needs_the_same_include_dir_inside_and_outside():
    """The sandbox shows the JAX headers at the same path, so parent and child compute one key."""
    inc = ffi_include_dir()
    assert any(inc.startswith(p + "/") for p in python_prefixes())
    assert (Path(inc) / "xla" / "ffi" / "api" / "ffi.h").is_file()


def test_a_writefile_line_ipython_refuses_writes_no_source_and_tells_the_student(tmp_path, monkeypatch,
                                                                                 ipython_shell):
    """`%%writefile silu.cc  # kernel` is an honest typo: IPython refuses it (UsageError) and writes
    nothing, so the grader finds no source in it and says why, in Chinese, instead of failing."""
    bad = ["%%writefile silu.cc  # kernel\nint a;", "%%writefile a.cc b.cc\nint b;", "%%writefile\nint c;",
           '%%writefile "silu.cc\nint d;']
    monkeypatch.chdir(tmp_path)
    for src in bad:
        assert not ipython_shell.run_cell(src, store_history=False).success
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    cells = [AnswerCell(i + 3, s) for i, s in enumerate([*bad, "%%writefile silu.cc\nint ok;"])]
    found = find_kernel_sources(cells, {})
    assert [(k.name, k.text, k.origin) for k in found] == [("silu.cc", b"int ok;\n", "cell 8")]
    notes = writefile_notes(cells)
    assert len(notes) == 4
    assert notes[0].startswith("第 4 个单元格的第一行 `%%writefile silu.cc  # kernel` 无法识别")
    assert "unrecognized arguments: # kernel" in notes[0] and "%%writefile silu.cc" in notes[0]
