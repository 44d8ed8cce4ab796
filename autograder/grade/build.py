"""C++ kernel builds for grading: find a student's kernel source, compile it in the sandbox, cache it.

Trusted parent side. The compiler runs inside the sandbox with an argument list (no shell), `--`
before the file name, the course's one set of flags (`jaxcourse.compile_argv`, which includes
-ferror-limit), a scrubbed environment and time/memory limits. Its scratch folder holds only the
source, under a name the grader chooses (`kernel.cc`), so `#include "../x"` finds nothing of the
grader's; the sandbox hides the host folders given in `hidden`.

Results are cached by `jaxcourse.build_key(source)` in a folder shared by all students
(`<cache>/<key>.so`, or `<key>.err.json` with the diagnostics of a compile error), written
atomically. A job only ever gets a copy of its own `.so` (`install`), never the cache folder.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path, PurePosixPath

from autograder.grade import ipython_once
from autograder.grade.cells import AnswerCell
from autograder.grade.kernel_ir import MAX_IR_BYTES, ir_fingerprint, valid_sequences
from autograder.messages import message
from autograder.sandbox import SCRATCH_TARGET, Limits, Mount, Process, Sandbox, SandboxFault, Toolchain
from autograder.states import BuildStatus
from jaxcourse.kernels import build_key, compile_argv

SOURCE_SUFFIXES = (".cc", ".cpp", ".cxx")
DIAGNOSTIC_LINES = 20
DIAGNOSTIC_CHARS = 4000
GRADER_SOURCE_NAME = "kernel.cc"
# A failed compile whose build folder then has less than this free (for the compiler's unprivileged
# uid, after the student's scratch is removed) failed because the machine is full, not because of the
# source: a grader fault, never a (cached) compile error. The compiler's output is never asked: the
# student writes it (`#error No space left on device`). A kernel's build needs a few MiB.
BUILD_FOLDER_MIN_FREE_BYTES = 64 * 2**20
BUILD_FOLDER_MIN_FREE_INODES = 1024
CPU_LIMIT_MARKER = "CPU time limit exceeded"  # clang's driver when RLIMIT_CPU killed the front end
# clang's driver when a tool it started (the linker, a crashed front end) did not run to its end: may
# be the machine's passing state (EAGAIN), so it is never cached. Text decides only that: a source
# that prints it merely compiles again next time, and the attempt is the student's compile error.
TOOL_NOT_RUN = "error: unable to execute command"


# Modes where compilers may run at once under one job's uid (the IR step beside its build, a chapter's
# sources side by side): each start gets a PID namespace of its own. Rlimit mode refuses a busy uid and
# kills all of its processes after each run, so there builds run one at a time.
CONCURRENT_BUILD_MODES = frozenset({"bwrap", "container"})

# One compile per key at a time in this process: a second job asking for a source being built (the
# course kernel, when a batch or a submission's chapters start together) waits and reads the cache.
_key_locks: dict[str, threading.Lock] = {}
_key_locks_guard = threading.Lock()


def _lock_for(key: str) -> threading.Lock:
    with _key_locks_guard:
        return _key_locks.setdefault(key, threading.Lock())

_BUILD_ENV = {"HOME": SCRATCH_TARGET, "TMPDIR": SCRATCH_TARGET, "LANG": "C", "LC_ALL": "C"}


def ir_argv(build_argv: list[str]) -> list[str]:
    """The build's command made to write the optimised LLVM IR as text instead of a library: the
    same compiler and flags (the course's -O2), `-shared` replaced by `-S -emit-llvm`."""
    out = []
    for arg in build_argv:
        out.extend(["-S", "-emit-llvm"] if arg == "-shared" else [arg])
    return out


class BuildFault(RuntimeError):
    """The build machinery failed (not the student's source): becomes a GraderFault."""


@dataclass(frozen=True)
class FolderSpace:
    """Free space of the file system holding a folder, as an unprivileged uid may use it."""

    free_bytes: int
    free_inodes: int

    @property
    def full(self) -> bool:
        return (self.free_bytes < BUILD_FOLDER_MIN_FREE_BYTES
                or self.free_inodes < BUILD_FOLDER_MIN_FREE_INODES)


def folder_space(folder: Path) -> FolderSpace:
    """statvfs of `folder` (f_bavail, f_favail: what a non-root compiler may still use). A file system
    that reports no inode count (f_files == 0, e.g. some FUSE or btrfs) is not short of inodes."""
    st = os.statvfs(folder)
    inodes = st.f_favail if st.f_files else BUILD_FOLDER_MIN_FREE_INODES
    return FolderSpace(st.f_bavail * st.f_frsize, inodes)


@dataclass(frozen=True)
class KernelSource:
    name: str  # the file name the student used (messages only), e.g. "silu.cc"
    text: bytes
    origin: str  # "cell 12" (1-based notebook cell) or "file cpp/silu.cc"


@dataclass(frozen=True)
class BuildOutcome:
    key: str  # jaxcourse.build_key of the source: the child finds `<key>.so` in JAXCOURSE_PREBUILT
    source_name: str
    status: BuildStatus  # CACHED or BUILT: a .so exists
    so_path: Path | None  # inside the cache; copy it with install(), never mount it
    diagnostics: str  # first lines of the compiler's output, paths shown with the student's file name
    duration_s: float
    # the build's behavioural fingerprint (grade/kernel_ir.py): opcode sequences of the student's own
    # functions in the optimised IR; () when not asked for, the build failed or the IR step did not end
    ir: tuple[tuple[str, ...], ...] = ()
    ir_s: float = 0.0  # wall time of the IR step (0: read from the cache)

    @property
    def ok(self) -> bool:
        return self.so_path is not None


@dataclass(frozen=True)
class _Compiled:
    """One compiler run: its outcome, and the diagnostics to cache when it was a plain error exit."""

    outcome: BuildOutcome
    cacheable_error: str | None = None


@dataclass
class _PendingIr:
    """An IR step started beside a build: its scratch folder and sandboxed compiler (None: not started)."""

    scratch: Path
    proc: Process | None
    started: float

    def abandon(self) -> None:
        """Kills the compiler if it still runs and removes the scratch folder (idempotent)."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.proc.kill()
            except SandboxFault:
                pass
        self.proc = None
        shutil.rmtree(self.scratch, ignore_errors=True)


@cache
def _writefile_parser() -> object:
    ipython_once.load()
    from IPython.core.magics.osm import OSMagics

    return OSMagics.writefile


# a %%writefile cell the parent reads at most (intake's cap on one extra source file)
MAX_WRITEFILE_CHARS = 2 * 2**20


class BadWritefile(ValueError):
    """A `%%writefile` line IPython refuses too (a comment after the name, two names, none): the cell
    writes no file, so it holds no kernel source; `line` and the reason are for the student."""

    def __init__(self, line: str, reason: str):
        self.line, self.reason = line, reason
        super().__init__(f"{line}: {reason}")


class WritefileTooLarge(BadWritefile):
    """A `%%writefile` cell longer than MAX_WRITEFILE_CHARS: not read, so it holds no kernel source."""


def _writefile(src: str) -> tuple[str, bool, str] | None:
    """(file name, append?, body) of a `%%writefile` cell, exactly as IPython would write it; None for
    any other cell; BadWritefile when IPython would refuse the magic's arguments."""
    if not src.startswith("%%writefile"):
        return None
    if len(src) > MAX_WRITEFILE_CHARS:  # IPython's transformer and ast would cost seconds per 10 MB
        raise WritefileTooLarge(src.split("\n", 1)[0][:200], f"over {MAX_WRITEFILE_CHARS} characters")
    import ast
    import re

    ipython_once.load()
    from IPython.core.error import UsageError
    from IPython.core.inputtransformer2 import TransformerManager
    from IPython.core.magic_arguments import parse_argstring

    try:
        tree = ast.parse(TransformerManager().transform_cell(src))
        call = tree.body[0].value  # get_ipython().run_cell_magic('writefile', line, body)
        magic, line, body = (ast.literal_eval(a) for a in call.args)
    except (SyntaxError, ValueError, AttributeError, IndexError, TypeError, MemoryError, RecursionError):
        return None
    if magic != "writefile" or not isinstance(line, str) or not isinstance(body, str):
        return None
    try:
        args = parse_argstring(_writefile_parser(), line)
    except (UsageError, SystemExit, ValueError) as exc:  # shlex: "No closing quotation" is a ValueError
        raise BadWritefile(f"%%writefile {line}".strip()[:200], str(exc)[:200]) from None
    name = args.filename
    if re.match(r"^(\'.*\')|(\".*\")$", name):
        name = name[1:-1]
    return name, bool(args.append), body


WRITEFILE_NOTES_SHOWN = 5  # notes about refused `%%writefile` cells; the others are counted in one


def writefile_notes(cells: Sequence[AnswerCell]) -> list[str]:
    """Student-facing notes for the `%%writefile` cells IPython refuses (they write no kernel source):
    the first WRITEFILE_NOTES_SHOWN, then one that counts the rest (a note per cell of a notebook of
    thousands made the exercise's summary longer than the result format allows)."""
    notes = []
    for cell in cells:
        try:
            _writefile(cell.source)
        except WritefileTooLarge:
            limit_mb = MAX_WRITEFILE_CHARS // 2**20
            notes.append(message("writefile_too_large", cell=cell.index + 1, limit_mb=limit_mb))
        except BadWritefile as exc:
            notes.append(message("bad_writefile", cell=cell.index + 1, line=exc.line, reason=exc.reason))
    if len(notes) > WRITEFILE_NOTES_SHOWN:
        left = len(notes) - WRITEFILE_NOTES_SHOWN
        notes = [*notes[:WRITEFILE_NOTES_SHOWN], message("notes_omitted", count=left)]
    return notes


def find_kernel_sources(cells: Sequence[AnswerCell], extra_files: dict[str, bytes]) -> list[KernelSource]:
    """Every C++ source the notebook writes with %%writefile (final content after appends, in order of
    first write), then .cc files submitted alongside the notebook that no cell writes."""
    written: dict[str, tuple[bytes, int]] = {}
    for cell in cells:
        try:
            wf = _writefile(cell.source)
        except BadWritefile:  # IPython writes nothing either (writefile_notes tells the student)
            continue
        if wf is None:
            continue
        name, append, body = wf
        key = os.path.normpath(name)
        data = body.encode("utf-8")
        if append and key in written:
            data = written[key][0] + data
        written[key] = (data, written[key][1] if key in written else cell.index)
    found = [KernelSource(PurePosixPath(k).name, data, f"cell {index + 1}")
             for k, (data, index) in written.items() if k.endswith(SOURCE_SUFFIXES)]
    names = {os.path.normpath(k) for k in written}
    for rel, data in sorted(extra_files.items()):
        if rel.endswith(SOURCE_SUFFIXES) and os.path.normpath(rel) not in names:
            found.append(KernelSource(PurePosixPath(rel).name, data, f"file {rel}"))
    return found


def choose_kernel(sources: Sequence[KernelSource], handler: str = "Silu", preferred: str = "silu.cc"
                  ) -> KernelSource | None:
    """The source the exercise's kernel probe should load: the one defining `handler`, preferring the
    file name the statement asks for; the last written one otherwise."""
    if not sources:
        return None
    marker = f"({handler},".encode()
    defining = [s for s in sources if marker in s.text.replace(b" ", b"")]
    pool = defining or list(sources)
    named = [s for s in pool if s.name == preferred]
    return (named or pool)[-1]


# What of the compiler's text names the grader host rather than the student's source: absolute paths
# (the venv's FFI headers, the compiler's own folders, the libraries of a crash's backtrace; not the
# `//` of a URL or the `/` of an expression), a crash's backtrace frames and command line, and
# addresses of 12 or more hex digits (ASLR'd pointers; a student's constant is rarely that long).
_HOST_PATH = re.compile(r"(?<![\w.+\-/:])/(?:[\w.+\-]+/)*[\w.+\-]+/?")
_STACK_FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-fA-F]+ ")
_PROGRAM_ARGUMENTS = re.compile(r"^(\s*\d+\.\s+Program arguments:).*$")
_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{12,}\b")


def _public_path(match: re.Match[str]) -> str:
    """A host path as the student may see it: a header by the name they would `#include` (the part
    after the last `/include/`: `xla/ffi/api/ffi.h`, `c++/12/bits/stl_vector.h`), anything else by
    its file name."""
    path = match.group(0).rstrip("/")
    if "/include/" in path:
        return path.rsplit("/include/", 1)[1]
    return path.rsplit("/", 1)[-1] or path


def without_host_details(text: str) -> str:
    """Compiler or linker text with the grader host's paths, a crash's backtrace and command line,
    and addresses removed; the student's own file names and the headers' public names stay."""
    lines, frames = [], 0
    for line in text.splitlines():
        if _STACK_FRAME.match(line):
            frames += 1
            continue
        if frames:
            lines.append(f"[{frames} stack frames omitted]")
            frames = 0
        line = _PROGRAM_ARGUMENTS.sub(r"\1 [omitted]", line)
        lines.append(_ADDRESS.sub("0x…", _HOST_PATH.sub(_public_path, line)))
    if frames:
        lines.append(f"[{frames} stack frames omitted]")
    return "\n".join(lines)


def _trim_diagnostics(text: str) -> str:
    """First lines of the compiler output, sandbox paths and host details removed (the source is
    still `kernel.cc`)."""
    scrubbed = without_host_details(text.replace(SCRATCH_TARGET + "/", ""))
    lines = [ln for ln in scrubbed.strip().splitlines() if ln.strip()]
    return "\n".join(lines[:DIAGNOSTIC_LINES])[:DIAGNOSTIC_CHARS]


def _for_student(diagnostics: str, source_name: str) -> str:
    """The diagnostics with the student's file name; scrubbed again, for a cached error written
    before host details were removed."""
    return without_host_details(diagnostics).replace(GRADER_SOURCE_NAME, source_name)


class BuildCache:
    """Content-addressed cache of compiled kernels shared by all students (parent-side folder)."""

    def __init__(self, root: Path, sandbox: Sandbox, *, scratch_root: Path, limits: Limits,
                 hidden: Sequence[Path] = (), mounts: Sequence[Mount] = (), include_dir: str | None = None,
                 toolchain: Toolchain | None = None):
        self.root = Path(root)
        self.sandbox = sandbox
        self.scratch_root = Path(scratch_root)
        self.limits = limits
        self.hidden = tuple(hidden)
        self.mounts = tuple(mounts)
        self.include_dir = include_dir
        self.toolchain = toolchain  # the sandbox's own compiler and JAX (container mode), else this host's

    def key(self, source: bytes) -> str:
        if self.toolchain is not None:
            return self.toolchain.build_key(source)
        return build_key(source, self.include_dir)

    def lookup(self, key: str, source_name: str) -> BuildOutcome | None:
        so = self.root / f"{key}.so"
        if so.is_file():
            return BuildOutcome(key, source_name, BuildStatus.CACHED, so, "", 0.0)
        err = self.root / f"{key}.err.json"
        if err.is_file():
            try:
                doc = json.loads(err.read_text(encoding="utf-8"))
                return BuildOutcome(key, source_name, BuildStatus.COMPILE_ERROR, None,
                                    _for_student(str(doc["diagnostics"]), source_name), 0.0)
            except (OSError, ValueError, KeyError):
                return None
        return None

    def build(self, src: KernelSource, *, fingerprint: bool = False) -> BuildOutcome:
        """`fingerprint`: also the IR fingerprint (a student's kernel; the course kernels need none).

        A source not in the cache gets its IR step started beside its compile (two compilers at once,
        under the same limits): the build no longer waits for the IR after the library. A compile that
        does not build kills the IR step at once, so a source that fails costs at most what one that
        builds costs."""
        t0 = time.monotonic()
        key = self.key(src.text)
        with _lock_for(f"{self.root}\0{key}"):
            return self._build_locked(t0, key, src, fingerprint)

    def _build_locked(self, t0: float, key: str, src: KernelSource, fingerprint: bool) -> BuildOutcome:
        outcome = self.lookup(key, src.name)
        ir_cached = self._cached_ir(key) if fingerprint else None
        beside = (fingerprint and outcome is None and ir_cached is None
                  and self.sandbox.mode in CONCURRENT_BUILD_MODES)
        pending = self._start_ir(src) if beside else None
        try:
            outcome = outcome or self._compile(key, src)
        except BaseException:
            if pending is not None:
                pending.abandon()
            raise
        ir: tuple[tuple[str, ...], ...] = ()
        ir_s = 0.0
        if pending is not None and not outcome.ok:
            pending.abandon()
        elif fingerprint and outcome.ok:
            if ir_cached is not None:
                ir = ir_cached
            else:
                pending = pending or self._start_ir(src)
                ir, ir_s = self._finish_ir(key, pending)
        return dataclasses.replace(outcome, duration_s=time.monotonic() - t0, ir=ir, ir_s=ir_s)

    def _cached_ir(self, key: str) -> tuple[tuple[str, ...], ...] | None:
        """The IR fingerprint kept beside the library (`<key>.ir.json`), or None when there is none."""
        cached = self.root / f"{key}.ir.json"
        if not cached.is_file():
            return None
        try:
            raw = json.loads(cached.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return valid_sequences(raw.get("jaxprs") if isinstance(raw, dict) else None) or ()

    def _start_ir(self, src: KernelSource) -> _PendingIr:
        """Starts the compiler in the sandbox with `-S -emit-llvm` instead of `-shared` (the same flags
        and limits as the build). Never a fault: a step that fails to start yields no fingerprint."""
        t0 = time.monotonic()
        self.scratch_root.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix="ir-", dir=self.scratch_root))
        (scratch / GRADER_SOURCE_NAME).write_bytes(src.text)
        src_in, ll_in = Path(SCRATCH_TARGET) / GRADER_SOURCE_NAME, Path(SCRATCH_TARGET) / "kernel.ll"
        argv = ir_argv(self._argv(src_in, ll_in))
        try:
            proc = self.sandbox.start(argv, scratch=scratch, mounts=self.mounts, hidden=self.hidden,
                                      env=_BUILD_ENV, limits=self.limits, cwd=SCRATCH_TARGET)
        except SandboxFault:
            proc = None
        return _PendingIr(scratch, proc, t0)

    def _finish_ir(self, key: str, pending: _PendingIr) -> tuple[tuple[tuple[str, ...], ...], float]:
        """The IR fingerprint of a source that builds: the IR step's output reduced here within caps
        (kernel_ir.py) and cached as `<key>.ir.json`. Never a fault: a step that fails (a limit, the
        sandbox) leaves the kernel without a fingerprint, not the student without a grade."""
        try:
            result = pending.proc.wait() if pending.proc is not None else None
            ll = pending.scratch / "kernel.ll"
            if result is None or result.exit_code != 0 or not ll.is_file() or ll.is_symlink():
                return (), time.monotonic() - pending.started
            with ll.open("rb") as f:
                text = f.read(MAX_IR_BYTES).decode("utf-8", errors="replace")
            sequences = valid_sequences([list(s) for s in ir_fingerprint(text)]) or ()
            cached = self.root / f"{key}.ir.json"
            self._atomic_write(cached, json.dumps({"jaxprs": [list(s) for s in sequences]}).encode())
            return sequences, time.monotonic() - pending.started
        except SandboxFault:
            return (), time.monotonic() - pending.started
        finally:
            pending.abandon()

    def _argv(self, src_in: Path, out_in: Path) -> list[str]:
        if self.toolchain is not None:
            return self.toolchain.compile_argv(src_in, out_in)
        return compile_argv(src_in, out_in, self.include_dir)

    def _compile(self, key: str, src: KernelSource) -> BuildOutcome:
        """Compiles `src` in a scratch folder of its own. What decides the machine failed is what the
        student cannot write: the sandbox's own fault (SandboxFault), the CPU or memory the host took
        away, and the build folder's free space after a failed compile; never the compiler's text. A
        compile that exits 0 with its library is built, whatever it printed."""
        self.scratch_root.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix="build-", dir=self.scratch_root))
        try:
            compiled = self._run_compiler(key, src, scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if not compiled.outcome.ok:
            space = folder_space(self.scratch_root)
            if space.full:
                raise BuildFault(f"kernel build failed with its build folder {self.scratch_root} full (No "
                                 f"space left on device: {space.free_bytes} bytes, {space.free_inodes} "
                                 "inodes free)")
        if compiled.cacheable_error is not None:
            self._store_error(key, compiled.cacheable_error)  # a plain error exit: the source's own fault
        return compiled.outcome

    def _run_compiler(self, key: str, src: KernelSource, scratch: Path) -> _Compiled:
        (scratch / GRADER_SOURCE_NAME).write_bytes(src.text)
        src_in, so_in = Path(SCRATCH_TARGET) / GRADER_SOURCE_NAME, Path(SCRATCH_TARGET) / "kernel.so"
        argv = self._argv(src_in, so_in)
        try:
            result = self.sandbox.start(argv, scratch=scratch, mounts=self.mounts, hidden=self.hidden,
                                        env=_BUILD_ENV, limits=self.limits, cwd=SCRATCH_TARGET).wait()
        except SandboxFault as exc:
            raise BuildFault(f"kernel build sandbox failed: {exc}") from exc
        assert result is not None
        raw = _trim_diagnostics(result.stderr + result.stdout)
        diagnostics = _for_student(raw, src.name)
        built = scratch / "kernel.so"
        if result.timed_out and result.starved:
            raise BuildFault(f"kernel build starved of CPU by the machine ({result.message})")
        if result.limit == "host_oom":
            raise BuildFault("kernel build killed by the host's OOM killer before reaching its own limit")
        if result.exit_code == 0 and not result.timed_out:
            if built.is_file() and not built.is_symlink():
                stored = self._store(key, built)
                return _Compiled(BuildOutcome(key, src.name, BuildStatus.BUILT, stored, diagnostics,
                                              result.wall_s))
            raise BuildFault(f"compiler exited 0 but wrote no library for key {key}")

        def failed(status: BuildStatus) -> _Compiled:
            return _Compiled(BuildOutcome(key, src.name, status, None, diagnostics, result.wall_s))

        if result.timed_out or result.limit in ("wall", "cpu") or CPU_LIMIT_MARKER in raw:
            return failed(BuildStatus.TIMEOUT)
        if result.limit == "memory":
            return failed(BuildStatus.MEMORY)
        if result.signal is None and not result.killed and result.limit is None and TOOL_NOT_RUN not in raw:
            return dataclasses.replace(failed(BuildStatus.COMPILE_ERROR), cacheable_error=raw)
        return failed(BuildStatus.COMPILE_ERROR)

    def _atomic_write(self, dest: Path, data: bytes) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        # Private to the grader: in rlimit mode the sandbox uids share the host's filesystem, and the
        # cache holds every student's compiled kernel. A child only ever gets a copy of its own.
        os.chmod(self.root, 0o700)
        fd, tmp = tempfile.mkstemp(prefix=f".{dest.name}.", dir=self.root)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.chmod(tmp, 0o644)
            os.replace(tmp, dest)  # same key -> same bytes: concurrent writers agree
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

    def _store(self, key: str, built: Path) -> Path:
        dest = self.root / f"{key}.so"
        self._atomic_write(dest, built.read_bytes())
        return dest

    def _store_error(self, key: str, diagnostics: str) -> None:
        doc = {"diagnostics": diagnostics}
        self._atomic_write(self.root / f"{key}.err.json", json.dumps(doc).encode())

    @staticmethod
    def install(outcome: BuildOutcome, prebuilt_dir: Path) -> Path | None:
        """Copy this job's own library into its `prebuilt/` folder as `<key>.so`."""
        if outcome.so_path is None:
            return None
        prebuilt_dir.mkdir(parents=True, exist_ok=True)
        dest = prebuilt_dir / f"{outcome.key}.so"
        shutil.copyfile(outcome.so_path, dest)
        os.chmod(dest, 0o644)
        return dest
