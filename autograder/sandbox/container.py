"""Isolation mode "container": every sandboxed program runs in its own container (trusted parent side).

`ContainerSandbox` implements the interface of `Sandbox` (mode.py: start -> a `Process` with
wait/poll/kill returning `SandboxResult`, `SandboxFault` for its own failures), so the runner's
notebook child, kernel child and kernel builds each run in a fresh container of the grader image
while the runner, the hidden checks and the verdicts stay on the host:

    podman|docker run --rm --pull never --network none --read-only --tmpfs /tmp --cap-drop ALL
        --security-opt no-new-privileges --user UID:GID --memory M --memory-swap M --pids-limit N --cpus C
        -v SCRATCH:/sandbox/scratch:rw  -v <each Mount>:ro  -v STATUS:/sandbox/.status:rw
        -v autograder/sandbox/launcher.py:/sandbox/.exec/sandbox_exec.py:ro
        --entrypoint /bin/sh IMAGE -c 'exec "$@" 3>/sandbox/.status/status' sh
        <image python> -I -S -c <PR_SET_DUMPABLE 0, run /sandbox/.exec/sandbox_exec.py> --status-fd=3
        --rlimit=... --seccomp -- ARGV

Only the job's scratch folder (written by the parent: job.json, inputs, prebuilt kernels, the
student's extra files in work/; written by the child: observations, progress; inputs/ and prebuilt/
are mounted again read-only over it) and the read-only mounts the runner asks for (the child
library: autograder/sandboxed, jaxcourse, kernels) enter the container. Hidden checks, expected
values, the release, other submissions and the gradebook never do; the parent reads what the
child wrote with the usual validating reader. Host paths in ARGV are mapped into the image: the
host's Python interpreter -> the image's, clang++ -> the image's, the host's site-packages (JAX's
FFI include folder) -> the image's.

Inside, the launcher of the other modes (`launcher.py`, bound from the host) applies the rlimits
(soft = hard), seccomp (no inet sockets, ptrace, namespaces...) and reports the exact wait status and
rusage. It runs as the same unprivileged uid as the program (the container has no capabilities to
switch), so that report is advisory: a program can forge or kill it (it cannot read the launcher's
/proc entries: the launcher makes itself non-dumpable). Nothing depends on it beyond
the crash kind; the wall clock, the kill and the teardown are the host's (`kill -s KILL` by name,
then `rm -f`), and memory and processes are bounded by the container's cgroup.

uid: as root, the runner's per-job uid (a dedicated uid: RLIMIT_NPROC stays per job); otherwise the
caller's own uid (it must own the scratch files; `--userns keep-id` for rootless podman), and then
RLIMIT_NPROC is left to --pids-limit because it would count every process of the caller.

Engine selection (so a TA with a normal podman or docker just passes `--engine docker`):
  engine     "podman" | "docker" | None (podman when installed, else docker)
  JAXGRADE_ENGINE_ARGS     extra global arguments, e.g. "--root DIR --runroot DIR" (shell words)
  JAXGRADE_CONTAINER_DIR   podman only: the layout of scripts/build-image.sh (DIR/storage, DIR/run,
                           DIR/containers.conf as CONTAINERS_CONF)
  image      None: JAXGRADE_IMAGE or "jaxgrade-grader:latest"; never pulled (--pull never)

cgroups: on this project's CI host (cgroup v1, podman 4.3, runc, cgroup manager cgroupfs) --memory,
--memory-swap and --pids-limit are enforced (memory.limit_in_bytes and pids.max inside the
container show them); --cpus (CFS quota, default DEFAULT_CPUS) keeps a hog from taking its
neighbours' cores. Time limits are judged on CPU (`ContainerProcess.usage()`, read from the host's
/proc by the dedicated uid; see autograder/grade/timing.py); a scratch folder without a quota tmpfs
is watched like in the other modes (SandboxResult.limit "disk").
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from autograder import untrusted_json
from autograder.sandbox.base import DEFAULT_PATH, SCRATCH_TARGET, Limits, Mount, SandboxFault, SandboxResult
from autograder.sandbox.capture import CappedReader
from autograder.sandbox.mode import EXEC_SOURCE, EXEC_TARGET, Sandbox
from autograder.sandbox.outcome import describe, infer_limit
from autograder.sandbox.quota import has_quota, scratch_inodes
from autograder.sandbox.supervise import DISK_POLL_S, MonitoredProcess
from autograder.sandbox.usage import Usage, scratch_usage, starved, uid_members, usage_of
from autograder.untrusted_json import UnreadableFile, read_capped
from jaxcourse.kernels import KERNEL_FLAGS

DEFAULT_IMAGE = "jaxgrade-grader:latest"
STATUS_TARGET = "/sandbox/.status"
STATUS_FILE = "status"
STATUS_CAP = 64 * 1024
READ_ONLY_IN_SCRATCH = ("inputs", "prebuilt")  # parent-written parts of a job's scratch folder
DEFAULT_MEMORY_BYTES = 4 * 2**30  # cgroup memory limit of one container (RLIMIT_AS stays as asked)
# CPUs one container may use (`--cpus`, CFS quota): a hog cannot take the cores its neighbours need
DEFAULT_CPUS = float(min(2, os.cpu_count() or 1))
START_TIMEOUT_S = 120.0  # engine start to the launcher's "started" line (a loaded host is slow)
ENGINE_TIMEOUT_S = 60.0  # kill / rm / probe commands
POLL_S = 0.02
# The launcher runs as the program's uid: made non-dumpable first, its /proc entries (environ, fds,
# memory) belong to root and the program cannot open them (execve makes the program dumpable again).
LAUNCHER_PRELUDE = (
    "import ctypes, runpy, sys; ctypes.CDLL(None).prctl(4, 0, 0, 0, 0); "  # PR_SET_DUMPABLE = 4
    f"sys.argv[0] = {EXEC_TARGET!r}; runpy.run_path(sys.argv[0], run_name='__main__')"
)
UNSAFE_PATH = re.compile(r"[:,\n\0]")  # would break the -v source:target:options syntax


# --- the engine ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Engine:
    """How to call the container engine: command words and environment of the client process."""

    kind: str  # "podman" | "docker"
    argv: tuple[str, ...]
    env: tuple[tuple[str, str], ...]

    @classmethod
    def resolve(cls, kind: str | None = None) -> Engine:
        if kind is None:
            kind = "podman" if shutil.which("podman") else "docker"
        if kind not in ("podman", "docker"):
            raise SandboxFault(f"container: unknown engine {kind!r} (podman, docker)")
        binary = shutil.which(kind)
        if binary is None:
            raise SandboxFault(f"container: {kind} is not installed (or not on PATH)")
        argv = [binary]
        env = dict(os.environ)
        state = os.environ.get("JAXGRADE_CONTAINER_DIR")
        if state and kind == "podman":
            argv += ["--root", f"{state}/storage", "--runroot", f"{state}/run"]
            if os.path.isfile(f"{state}/containers.conf"):
                env.setdefault("CONTAINERS_CONF", f"{state}/containers.conf")
        argv += shlex.split(os.environ.get("JAXGRADE_ENGINE_ARGS", ""))
        return cls(kind, tuple(argv), tuple(sorted(env.items())))

    @property
    def environ(self) -> dict[str, str]:
        return dict(self.env)

    def call(self, *args: str, timeout: float = ENGINE_TIMEOUT_S) -> subprocess.CompletedProcess[str]:
        try:
            return subprocess.run([*self.argv, *args], env=self.environ, stdin=subprocess.DEVNULL,
                                  capture_output=True, text=True, timeout=timeout)  # fmt: skip
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SandboxFault(f"container: {self.kind} {args[0]} failed: {exc}") from exc

    def rootless(self) -> bool:
        return self.kind == "podman" and os.geteuid() != 0


@dataclass(frozen=True)
class ImageInfo:
    """Paths inside the image (asked once per engine and image)."""

    image_id: str
    python: str
    purelib: str
    cxx: str  # clang++ on the image's PATH, "" when missing
    cxx_version: str  # first line of `clang++ --version`, as jaxcourse.kernels reads it
    include_dir: str  # jax.ffi.include_dir() in the image


@dataclass(frozen=True)
class ImageToolchain:
    """The image's compiler and JAX, for the runner's kernel build cache (`build.Toolchain`).

    Mirrors `jaxcourse.kernels.build_key` and `compile_argv` with the image's values, so the parent
    (on the host, maybe without clang) names each kernel as the child in the container will look it
    up in JAXCOURSE_PREBUILT. tests/test_container.py checks the mirror against jaxcourse.
    """

    cxx: str
    cxx_version: str
    include_dir: str

    def build_key(self, source_text: bytes) -> str:
        h = hashlib.sha256()
        for part in (source_text, self.cxx_version.encode(), "\0".join(KERNEL_FLAGS).encode(),
                     self.include_dir.encode()):  # fmt: skip
            h.update(len(part).to_bytes(8, "little"))
            h.update(part)
        return h.hexdigest()[:32]

    def compile_argv(self, source: Path, output: Path) -> list[str]:
        if not self.cxx:
            raise SandboxFault("container: the image has no clang++")
        return [self.cxx, *KERNEL_FLAGS, "-I", self.include_dir, "-o", str(output), "--", str(source)]


@functools.cache
def probe_image(engine: Engine, image: str) -> ImageInfo:
    """Ask the image where its Python, site-packages and clang++ are; a SandboxFault if it cannot run."""
    found = engine.call("image", "inspect", "--format", "{{.Id}}", image)
    if found.returncode != 0:
        why = found.stderr.strip()[-300:]
        raise SandboxFault(f"container: image {image} not found by {engine.kind} ({why}); "
                           "build it with scripts/build-image.sh or pass --image")  # fmt: skip
    script = ("import json, shutil, subprocess, sys, sysconfig, jax\n"
              "cxx = shutil.which('clang++') or ''\n"
              "out = cxx and subprocess.run([cxx, '--version'], capture_output=True, text=True).stdout\n"
              "print(json.dumps({'python': sys.executable, 'purelib': sysconfig.get_paths()['purelib'], "
              "'cxx': cxx, 'cxx_version': out.splitlines()[0] if out else cxx, "
              "'include_dir': jax.ffi.include_dir()}))")  # fmt: skip
    done = engine.call("run", "--rm", "--pull", "never", "--network", "none", "--cap-drop", "ALL",
                       "--entrypoint", "/opt/jaxgrade/venv/bin/python", image, "-I", "-c", script,
                       timeout=START_TIMEOUT_S)  # fmt: skip
    try:
        doc = json.loads(done.stdout.strip().splitlines()[-1])
        return ImageInfo(found.stdout.strip(), str(doc["python"]), str(doc["purelib"]), str(doc["cxx"]),
                         str(doc["cxx_version"]), str(doc["include_dir"]))  # fmt: skip
    except (ValueError, KeyError, IndexError) as exc:
        raise SandboxFault(f"container: image {image} cannot run its Python (exit {done.returncode}): "
                           f"{done.stderr.strip()[-500:]}") from exc  # fmt: skip


def _selinux_enforcing() -> bool:
    try:
        return Path("/sys/fs/selinux/enforce").read_text().strip() == "1"
    except OSError:
        return False


# --- a running container ---------------------------------------------------------------------


def read_status_events(path: Path) -> list[dict]:
    """The launcher's status lines (`started` / `fault` / `exited` JSON objects), read without trust:
    the status folder is writable by the program's uid, so the file may have been replaced by a FIFO
    (an open() would block), a symlink to a host file (never opened), a device or a huge file (at
    most STATUS_CAP bytes are read); any of these, or lines that are not JSON objects with a string
    "event", count as no status."""
    try:
        data = read_capped(path, STATUS_CAP).data
    except UnreadableFile:
        return []
    events = []
    for line in data.split(b"\n"):
        try:
            event = untrusted_json.loads(line)
        except ValueError:
            continue
        if isinstance(event, dict) and isinstance(event.get("event"), str):
            events.append(event)
    return events



class ContainerProcess(MonitoredProcess):
    """One started container; a monitor thread enforces the wall clock even if nobody calls wait()."""

    def __init__(self, engine: Engine, name: str, run_argv: list[str], limits: Limits,
                 status_dir: Path, *, scratch_limited: bool = False, account_uid: int | None = None,
                 scratch: Path | None = None) -> None:  # fmt: skip
        super().__init__()
        self.mode = "container"
        self.scratch_limited = scratch_limited
        self.account_uid = account_uid  # a dedicated uid: the container's processes are found by it
        self._disk_watch = None if scratch_limited else scratch
        self._disk_full = False
        self._starved = False
        self._last_usage: Usage | None = None
        self._peak_wait_s = 0.0
        self.engine, self.name, self.limits = engine, name, limits
        self.status_dir = status_dir
        self.program_pid: int | None = None  # a pid inside the container's pid namespace: never signalled
        self._wake = threading.Event()
        self._timed_out = False
        self.started_at = time.monotonic()
        try:
            self._popen = subprocess.Popen(run_argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                           stderr=subprocess.PIPE, env=engine.environ, start_new_session=True,
                                           close_fds=True, bufsize=0)  # fmt: skip
        except OSError as exc:
            shutil.rmtree(status_dir, ignore_errors=True)
            raise SandboxFault(f"container: could not start {engine.kind}: {exc}") from exc
        assert self._popen.stdout is not None and self._popen.stderr is not None
        cap = limits.output_bytes
        self._stdout = CappedReader(os.dup(self._popen.stdout.fileno()), cap, "container-out")
        self._stderr = CappedReader(os.dup(self._popen.stderr.fileno()), cap, "container-err")
        self._popen.stdout.close()
        self._popen.stderr.close()
        self._stdout.start()
        self._stderr.start()
        try:
            self._await_started()
        except SandboxFault:
            self._teardown()
            self._stdout.join(5)
            self._stderr.join(5)
            shutil.rmtree(status_dir, ignore_errors=True)
            raise
        self._monitor = threading.Thread(target=self._run_monitor, name="container-monitor", daemon=True)
        self._monitor.start()

    # -- status lines written by the launcher inside (advisory: same uid as the program)

    def _events(self) -> list[dict]:
        return read_status_events(self.status_dir / STATUS_FILE)

    def _await_started(self) -> None:
        deadline = self.started_at + START_TIMEOUT_S
        while True:
            events = self._events()
            started = next((e for e in events if e["event"] == "started"), None)
            if started is not None:
                if isinstance(started.get("pid"), int):
                    self.program_pid = started["pid"]
                return
            fault = next((e for e in events if e["event"] == "fault"), None)
            if fault is not None:
                raise SandboxFault(f"container: launcher could not start the program: {fault.get('message')}")
            if self._popen.poll() is not None:
                self._stderr.join(5)
                tail = bytes(self._stderr.data[-1500:]).decode(errors="replace").strip()
                raise SandboxFault(f"container: {self.engine.kind} run ended before the program started "
                                   f"(exit {self._popen.returncode}): {tail or 'no message'}")  # fmt: skip
            if time.monotonic() > deadline:
                raise SandboxFault(f"container: the program did not start within {START_TIMEOUT_S:.0f} s")
            time.sleep(POLL_S)

    # -- teardown

    def _teardown(self) -> None:
        """SIGKILL the container by name (the engine client may not be its parent), wait for the
        client, then remove the container. Afterwards no process of it remains."""
        self.engine.call("kill", "--signal", "KILL", self.name)
        try:
            self._popen.wait(timeout=ENGINE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(self._popen.pid, signal.SIGKILL)
            self._popen.wait()
        self._remove()

    def _remove(self) -> None:
        wait = ["--time", "0"] if self.engine.kind == "podman" else []
        done = self.engine.call("rm", "--force", *wait, self.name)
        gone = ("no such container", "no container with name", "already in progress", "not found")
        if done.returncode != 0 and not any(g in done.stderr.lower() for g in gone):
            raise SandboxFault(f"container: could not remove {self.name}: {done.stderr.strip()[-300:]}")

    # -- running

    def _run_monitor(self) -> None:
        try:
            self._result = self._supervise()
        except Exception as exc:  # noqa: BLE001 - any failure here is the sandbox's, not the student's
            try:
                self._teardown()
            except Exception:  # noqa: BLE001
                pass
            self._fault = exc if isinstance(exc, SandboxFault) else \
                SandboxFault(f"container: monitor failed: {type(exc).__name__}: {exc}")  # fmt: skip
        finally:
            shutil.rmtree(self.status_dir, ignore_errors=True)
            self._done.set()

    def _supervise(self) -> SandboxResult:
        killed = False
        next_disk_check = self.started_at + DISK_POLL_S
        while True:
            left = self.started_at + self.limits.wall_s - time.monotonic()
            if left <= 0:
                used = self.usage()
                self._starved = used is not None and starved(used, self.limits.wall_s, self.limits.cpu_s)
                self._timed_out = killed = True
                break
            if self._wake.wait(min(left, POLL_S * 5)):
                killed = True
                break
            if self._popen.poll() is not None:
                break
            if self._disk_watch is not None and time.monotonic() >= next_disk_check:
                next_disk_check = time.monotonic() + DISK_POLL_S
                cap = self.limits.scratch_bytes
                if scratch_usage(self._disk_watch, cap, scratch_inodes(cap)).over:
                    self._disk_full = killed = True
                    break
        self._last_usage = self.usage()
        ended_at = time.monotonic()
        if killed:
            self._teardown()
        else:
            self._popen.wait()
            if self.engine.kind != "podman" or self._popen.returncode in (125, 126, 127):
                self._remove()  # podman's --rm removed it before its client returned; docker's may lag
        for reader in (self._stdout, self._stderr):
            reader.join(ENGINE_TIMEOUT_S)
        if self._stdout.is_alive() or self._stderr.is_alive():
            raise SandboxFault("container: output pipes still open after the container ended")
        return self._build_result(ended_at, killed)

    def _build_result(self, ended_at: float, killed: bool) -> SandboxResult:
        events = self._events()
        exited = next((e for e in reversed(events) if e["event"] == "exited"), None)
        rc = self._popen.returncode
        stderr = bytes(self._stderr.data).decode(errors="replace")
        cpu: float | None = None
        max_rss: int | None = None
        if exited is not None and type(exited.get("status")) is int and 0 <= exited["status"] < 1 << 16:
            status = exited["status"]
            try:
                cpu = float(exited["utime_s"]) + float(exited["stime_s"])
                max_rss = int(exited["maxrss_kib"]) * 1024
            except (KeyError, TypeError, ValueError, OverflowError):  # float(10**400): OverflowError
                pass
            exit_code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
            sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        elif killed:
            exit_code, sig = None, signal.SIGKILL
        elif rc in (125, 126, 127) and "Error" in stderr[-2000:]:
            tail = stderr.strip()[-500:]
            raise SandboxFault(f"container: {self.engine.kind} run failed (exit {rc}): {tail}")
        else:  # the launcher (pid 1) died without a report: the program killed it, or the OOM killer did
            exit_code, sig = (None, rc - 128) if rc is not None and rc > 128 else (rc, None)
        truncated = self._stdout.truncated or self._stderr.truncated
        limit = "disk" if self._disk_full else \
            infer_limit(self.limits, self._timed_out, exit_code, sig, cpu, killed, stderr, truncated)
        return SandboxResult(
            exit_code=exit_code, signal=sig, timed_out=self._timed_out, limit=limit,
            wall_s=round(ended_at - self.started_at, 6),
            stdout=bytes(self._stdout.data).decode(errors="replace"), stderr=stderr,
            output_truncated=truncated, cpu_s=None if cpu is None else round(cpu, 6), max_rss_bytes=max_rss,
            killed=killed, mode=self.mode, scratch_limited=self.scratch_limited,
            message=describe(self.limits, exit_code, sig, limit, killed, self._timed_out, cpu),
            starved=self._starved, wait_s=None if self._last_usage is None else self._peak_wait_s,
        )  # fmt: skip

    # -- public (the `Process` protocol, as SandboxedProcess)

    def usage(self) -> Usage | None:
        """CPU and CPU-wait seconds of the container's processes so far (found on the host by their
        dedicated uid; the launcher is pid 1 inside and reaps orphans); None without a dedicated uid."""
        if self.account_uid is None:
            return None
        if self._done.is_set() or self._last_usage is not None:
            return self._last_usage
        reading = usage_of(uid_members(self.account_uid))
        self._peak_wait_s = max(self._peak_wait_s, reading.wait_s)  # exited threads take theirs along
        return reading

    def _request_kill(self) -> None:
        """The monitor kills the container by name; afterwards no process of it remains."""
        if not self._done.is_set():
            self._wake.set()


# --- the sandbox -----------------------------------------------------------------------------


class ContainerSandbox(Sandbox):
    """Isolation mode "container" (see the module docstring). Stateless: start() may run concurrently."""

    mode = "container"
    job_cgroups = False  # each container is a cgroup (--memory, --pids-limit); a job's run one at a time
    quota_scratch = True  # as root, scratch() backs the folder with a size-limited tmpfs before it is bound

    def __init__(self, *, engine: Engine | str | None = None, image: str | None = None,
                 uid: int | None = None, gid: int | None = None,
                 memory_bytes: int = DEFAULT_MEMORY_BYTES, cpus: float = DEFAULT_CPUS) -> None:  # fmt: skip
        self.engine = engine if isinstance(engine, Engine) else Engine.resolve(engine)
        self.image = image or os.environ.get("JAXGRADE_IMAGE") or DEFAULT_IMAGE
        self.dedicated_uid = os.geteuid() == 0 and uid is not None
        if not self.dedicated_uid:  # the caller's own uid must own the scratch files
            uid, gid = os.getuid(), os.getgid()
        assert uid is not None
        super().__init__(uid=uid, gid=uid if gid is None else gid)
        self.memory_bytes = memory_bytes
        self.cpus = cpus

    @property
    def toolchain(self) -> ImageToolchain:
        """Compiler and JAX of the image (the runner's BuildCache keys and compiles kernels with it)."""
        info = probe_image(self.engine, self.image)
        return ImageToolchain(info.cxx, info.cxx_version, info.include_dir)

    def _prepare(self, argv: list[str], *, scratch: Path, mounts: list[Mount], env: dict[str, str],
                 limits: Limits, cwd: str, hidden: list[Path]):  # type: ignore[override]  # fmt: skip
        raise NotImplementedError("ContainerSandbox.start() does not go through a host launcher")

    def start(self, argv: Sequence[str], *, scratch: Path, mounts: Sequence[Mount] = (),
              env: Mapping[str, str] | None = None, limits: Limits | None = None,
              cwd: str = SCRATCH_TARGET, hidden: Sequence[Path] = ()) -> ContainerProcess:  # fmt: skip
        if not argv:
            raise ValueError("empty argv")
        limits = limits or Limits()
        scratch = Path(scratch).resolve()
        if not scratch.is_dir():
            raise SandboxFault(f"container: scratch folder {scratch} is not a directory")
        if not EXEC_SOURCE.is_file():
            raise SandboxFault(f"container: launcher {EXEC_SOURCE} is missing")
        info = probe_image(self.engine, self.image)
        binds = [(scratch, SCRATCH_TARGET, True),
                 *((Path(m.source).resolve(), m.target, m.writable) for m in mounts)]  # fmt: skip
        self._check_binds(binds, [Path(h) for h in hidden])
        status_dir = Path(tempfile.mkdtemp(prefix="jaxgrade-status-"))
        if self.dedicated_uid:
            os.chown(scratch, self.uid, self.gid)
            # the launcher (the program's uid) writes the file the parent made; the folder stays root's
            # 0755, so the program cannot put a FIFO or a symlink in its place (read_status_events
            # copes with both anyway, for the rootless case where the folder is the caller's own)
            status_dir.chmod(0o755)
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
            fd = os.open(status_dir / STATUS_FILE, flags, 0o600)
            try:
                os.fchown(fd, self.uid, self.gid)
            finally:
                os.close(fd)
        for sub in READ_ONLY_IN_SCRATCH:  # what the parent wrote for the child stays the parent's
            if (scratch / sub).is_dir() and not (scratch / sub).is_symlink():
                binds.append((scratch / sub, f"{SCRATCH_TARGET}/{sub}", False))
        binds.append((status_dir, STATUS_TARGET, True))
        binds.append((EXEC_SOURCE, EXEC_TARGET, False))
        name = f"jaxgrade-{os.getpid()}-{uuid.uuid4().hex[:12]}"
        inner = self._translate(list(argv), info)
        run = self._run_argv(name, binds, inner, dict(env or {}), limits, cwd, info)
        limited = has_quota(scratch)
        return ContainerProcess(self.engine, name, run, limits, status_dir, scratch_limited=limited,
                                account_uid=self.uid if self.dedicated_uid else None, scratch=scratch)

    # -- helpers

    @staticmethod
    def _check_binds(binds: list[tuple[Path, str, bool]], hidden: list[Path]) -> None:
        hidden_real = [os.path.realpath(h) for h in hidden]
        for source, target, _ in binds:
            if not source.exists():
                raise SandboxFault(f"container: mount source {source} does not exist")
            if not target.startswith("/") or target != os.path.normpath(target):
                raise SandboxFault(f"container: mount target {target!r} is not an absolute normal path")
            if UNSAFE_PATH.search(str(source)) or UNSAFE_PATH.search(target):
                raise SandboxFault(f"container: cannot mount {source} at {target} (':' or ',' in a path)")
            real = os.path.realpath(source)
            for h in hidden_real:
                if h == real or h.startswith(real.rstrip("/") + "/") or real.startswith(h.rstrip("/") + "/"):
                    raise SandboxFault(f"container: mount {source} would expose the hidden path {h}")

    @staticmethod
    def _translate(argv: list[str], info: ImageInfo) -> list[str]:
        """Host paths in argv -> the image's: interpreter, compiler, site-packages (JAX's include dir)."""
        pythons = {sys.executable, os.path.realpath(sys.executable)}
        host_purelib = sysconfig.get_paths()["purelib"]
        out = []
        for i, arg in enumerate(argv):
            base = os.path.basename(arg)
            if i == 0 and (arg in pythons or re.fullmatch(r"python3?(\.\d+)?", base)):
                arg = info.python
            elif i == 0 and re.fullmatch(r"clang\+\+(-\d+)?|c\+\+|g\+\+(-\d+)?", base):
                if not info.cxx:
                    raise SandboxFault("container: the image has no clang++")
                arg = info.cxx
            elif arg == host_purelib or arg.startswith(host_purelib.rstrip("/") + "/"):
                arg = info.purelib + arg[len(host_purelib):]
            out.append(arg)
        return out

    def _run_argv(self, name: str, binds: list[tuple[Path, str, bool]], argv: list[str], env: dict[str, str],
                  limits: Limits, cwd: str, info: ImageInfo) -> list[str]:  # fmt: skip
        relabel = ",z" if _selinux_enforcing() else ""
        cmd = [*self.engine.argv, "run", "--rm", "--name", name, "--pull", "never", "--log-driver", "none",
               "--network", "none", "--read-only",
               "--tmpfs", f"/tmp:rw,nosuid,nodev,size={limits.scratch_bytes},mode=1777",
               "--cap-drop", "ALL", "--security-opt", "no-new-privileges", "--user", f"{self.uid}:{self.gid}",
               "--memory", str(self.memory_bytes), "--memory-swap", str(self.memory_bytes),
               "--pids-limit", str(limits.nproc), "--cpus", f"{self.cpus:g}",
               "--hostname", "sandbox", "--workdir", cwd]  # fmt: skip
        if self.engine.kind == "podman":  # else --read-only adds 1777 tmpfs at /var/tmp and /run
            cmd += ["--read-only-tmpfs=false"]
        if self.engine.rootless():
            cmd += ["--userns", "keep-id"]
        for source, target, writable in binds:
            cmd += ["--volume", f"{source}:{target}:{'rw' if writable else 'ro'}{relabel}"]
        for key, value in {"PATH": DEFAULT_PATH, "HOME": SCRATCH_TARGET, "LANG": "C.UTF-8", **env}.items():
            cmd += ["--env", f"{key}={value}"]
        rlimits = {"as": limits.address_space_bytes, "cpu": f"{limits.cpu_s}:{limits.cpu_s + 1}",
                   "fsize": limits.fsize_bytes, "nofile": limits.nofile, "core": 0}  # fmt: skip
        if self.dedicated_uid:
            rlimits["nproc"] = limits.nproc
        launcher = [info.python, "-I", "-S", "-c", LAUNCHER_PRELUDE, "--status-fd=3", f"--cwd={cwd}",
                    *(f"--rlimit={k}={v}" for k, v in rlimits.items()), "--seccomp", "--"]  # fmt: skip
        shell = f'exec "$@" 3>{STATUS_TARGET}/{STATUS_FILE}'
        return [*cmd, "--entrypoint", "/bin/sh", self.image, "-c", shell, "sh", *launcher, *argv]


def make_container_sandbox(*, engine: str | None = None, image: str | None = None, uid: int | None = None,
                           gid: int | None = None, **options: object) -> ContainerSandbox:  # fmt: skip
    """The "container" isolation mode (what `make_sandbox("container", ...)` calls). Asks the image for its
    paths right away (once per engine and image), so a missing image is a SandboxFault here."""
    sandbox = ContainerSandbox(engine=engine, image=image, uid=uid, gid=gid, **options)  # type: ignore[arg-type]
    probe_image(sandbox.engine, sandbox.image)
    return sandbox
