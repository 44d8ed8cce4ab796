"""autograder.sandbox against real processes and real bubblewrap.

Every hostile program here is bounded (a few hundred forks at most, sleeps of a minute at most,
allocations the limits refuse) and leaves detectable traces (marker files under /tmp/jaxgrade_* or
/var/tmp/jaxgrade_*, a loopback listener this test opens) rather than damage, so a sandbox bug shows
up as a failed assertion, not as a broken machine.
"""

from __future__ import annotations

import dis
import json
import os
import secrets
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from types import CodeType, FunctionType

import pytest

from autograder.sandbox import (
    EXEC_SOURCE,
    Limits,
    Mount,
    Sandbox,
    SandboxFault,
    SandboxResult,
    make_sandbox,
)
from autograder.sandbox.rlimit import uid_pids
from autograder.sandboxed import tamper

PY = "/usr/bin/python3"  # a system interpreter the unprivileged uid can reach (the venv's lives under /root)
MODES = ("bwrap", "rlimit")


def _missing(mode: str) -> str | None:
    if sys.platform != "linux":
        return "not Linux"
    if os.geteuid() != 0:
        return "needs root (the sandbox switches to an unprivileged uid)"
    if not os.access(PY, os.X_OK):
        return f"{PY} missing (hostile test programs run with it)"
    if mode == "bwrap" and shutil.which("bwrap") is None:
        return "bwrap (bubblewrap) is not installed"
    return None


def _free_uid() -> int:
    """A uid with no process and no passwd entry, so the kill-everything-of-the-uid sweep is safe."""
    import pwd

    start = 61000 + secrets.randbelow(3000)
    for uid in range(start, start + 500):
        try:
            pwd.getpwuid(uid)
            continue
        except KeyError:
            pass
        if not uid_pids(uid):
            return uid
    raise RuntimeError("no free uid found")


@pytest.fixture
def workdir() -> Iterator[Path]:
    """/tmp/jaxgrade_sbtest_*/ with mode 0755, so the sandbox uid can reach scratch through it
    (pytest's tmp_path lives under a 0700 folder)."""
    base = Path(tempfile.mkdtemp(prefix="jaxgrade_sbtest_", dir="/tmp"))
    base.chmod(0o755)
    (base / "scratch").mkdir()
    try:
        yield base
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(params=MODES)
def sb(request: pytest.FixtureRequest) -> Sandbox:
    mode = request.param
    if reason := _missing(mode):
        print(f"SKIP {request.node.name}: {reason}")
        pytest.skip(reason)
    uid = _free_uid()
    return make_sandbox(mode, uid=uid, gid=uid)


def py(code: str) -> list[str]:
    return [PY, "-I", "-c", textwrap.dedent(code)]


def run(sb: Sandbox, workdir: Path, code: str, **kw):
    kw.setdefault("limits", Limits(wall_s=60))
    return sb.run(py(code), scratch=workdir / "scratch", **kw)


def _alive(pid: int) -> bool:
    """Exists and is not a zombie (a killed orphan waits a moment for its reaper)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def _host_pids_with(token: str) -> list[int]:
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if token.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                    pids.append(int(entry))
            except OSError:
                pass
    return pids


# --- what the program did --------------------------------------------------------------------


def test_exit_code_signal_and_output(sb: Sandbox, workdir: Path) -> None:
    r = run(sb, workdir, "import sys; print('out'); print('err', file=sys.stderr); sys.exit(7)")
    assert (r.exit_code, r.signal, r.limit, r.timed_out, r.killed) == (7, None, None, False, False)
    assert (r.stdout, r.stderr) == ("out\n", "err\n")
    assert r.message == "Exited with error status 7" and r.mode == sb.mode
    assert r.cpu_s is not None and r.cpu_s > 0 and r.max_rss_bytes and r.max_rss_bytes > 2**20
    # exit(137) is not SIGKILL: the launcher reports the exact wait status
    r = run(sb, workdir, "import sys; sys.exit(137)")
    assert (r.exit_code, r.signal) == (137, None)
    r = run(sb, workdir, "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)")
    assert (r.exit_code, r.signal, r.limit) == (None, signal.SIGSEGV, None)
    assert r.message == "Caught fatal signal 11 (SIGSEGV)"
    r = run(sb, workdir, "pass")
    assert r.ok and r.message == "OK"


def test_wall_timeout_kills_a_program_that_ignores_sigterm(sb: Sandbox, workdir: Path) -> None:
    r = run(sb, workdir, """
        import signal, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        print("ready", flush=True)
        for _ in range(600):
            time.sleep(0.1)
        """, limits=Limits(wall_s=1.0))
    assert r.timed_out and r.killed and r.limit == "wall"
    assert (r.exit_code, r.signal) == (None, signal.SIGKILL)
    assert r.stdout == "ready\n" and r.message.startswith("Time limit exceeded (wall clock")


@pytest.mark.parametrize("ending", ["exit", "timeout"])
def test_double_forked_daemon_does_not_survive(sb: Sandbox, workdir: Path, ending: str) -> None:
    token = f"{61 + secrets.randbelow(30)}.{secrets.randbelow(10**6):06d}"  # sleep seconds, also a tag
    r = run(sb, workdir, f"""
        import os, sys, time
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execvp("sh", ["sh", "-c", "echo $$ > daemon.pid; exec sleep {token}"])
            os._exit(0)
        for _ in range(100):
            if os.path.exists("daemon.pid") and open("daemon.pid").read().strip():
                break
            time.sleep(0.05)
        print("daemon started", flush=True)
        if {ending == "timeout"}:
            time.sleep(60)
        """, limits=Limits(wall_s=60 if ending == "exit" else 1.5))
    assert r.stdout == "daemon started\n"
    assert (workdir / "scratch" / "daemon.pid").read_text().strip()
    assert r.timed_out == (ending == "timeout")
    assert _host_pids_with(f"sleep {token}") == []
    if sb.mode == "rlimit":  # no pid namespace: the file holds a host pid
        assert not _alive(int((workdir / "scratch" / "daemon.pid").read_text()))
    assert uid_pids(sb.uid) == []


def test_kill_ends_the_whole_tree(sb: Sandbox, workdir: Path) -> None:
    token = f"{61 + secrets.randbelow(30)}.{secrets.randbelow(10**6):06d}"
    proc = sb.start(py(f"""
        import os, time
        for _ in range(3):
            if os.fork() == 0:
                os.execvp("sleep", ["sleep", "{token}"])
        print("children started", flush=True)
        time.sleep(60)
        """), scratch=workdir / "scratch", limits=Limits(wall_s=60))
    assert proc.wait(timeout=0.2) is None  # still running
    r = proc.kill()
    assert r.killed and not r.timed_out and r.signal == signal.SIGKILL and r.limit is None
    assert r.message == "Killed by the grader"
    assert _host_pids_with(f"sleep {token}") == [] and uid_pids(sb.uid) == []
    assert proc.poll() == r and proc.kill() == r  # idempotent


def test_concurrent_sandboxes_keep_their_own_streams(workdir: Path) -> None:
    if reason := _missing("bwrap"):
        pytest.skip(reason)
    from concurrent.futures import ThreadPoolExecutor

    def one(i: int):
        scratch = workdir / f"s{i}"
        scratch.mkdir()
        uid = _free_uid()  # each job its own uid, as the grader should do (RLIMIT_NPROC is per uid)
        sb = make_sandbox("bwrap", uid=uid, gid=uid)
        return sb.run(py(f"import sys; print({i}); sys.exit({i})"), scratch=scratch)

    with ThreadPoolExecutor(6) as pool:
        results = list(pool.map(one, range(6)))
    assert [(r.stdout, r.exit_code) for r in results] == [(f"{i}\n", i) for i in range(6)]


# --- limits ----------------------------------------------------------------------------------


def test_fork_bomb_is_bounded_by_nproc(sb: Sandbox, workdir: Path) -> None:
    r = run(sb, workdir, """
        import os, time
        made = failed = 0
        for _ in range(500):
            try:
                pid = os.fork()
            except OSError:
                failed += 1
                continue
            if pid == 0:
                time.sleep(30)
                os._exit(0)
            made += 1
        print(made, failed)
        """, limits=Limits(wall_s=60, nproc=16))
    made, failed = map(int, r.stdout.split())
    assert r.exit_code == 0
    assert 0 < made <= 15 and made + failed == 500  # the program itself is one of the 16
    assert uid_pids(sb.uid) == []


def test_memory_bomb_hits_the_address_space_limit(sb: Sandbox, workdir: Path) -> None:
    r = run(sb, workdir, "x = bytearray(2 * 2**30); print('allocated')",
            limits=Limits(wall_s=60, address_space_bytes=512 * 2**20))
    assert r.exit_code == 1 and "MemoryError" in r.stderr and "allocated" not in r.stdout
    assert r.limit == "memory" and "memory limit" in r.message


def test_file_size_bomb_hits_rlimit_fsize(sb: Sandbox, workdir: Path) -> None:
    limits = Limits(wall_s=60, fsize_bytes=2**20)
    # a non-Python writer gets the default SIGXFSZ
    r = sb.run(["sh", "-c", "exec head -c 4194304 /dev/zero > big.bin"], scratch=workdir / "scratch",
               limits=limits)
    assert r.signal == signal.SIGXFSZ and r.limit == "fsize"
    assert (workdir / "scratch" / "big.bin").stat().st_size == 2**20
    # Python ignores SIGXFSZ and raises EFBIG instead
    r = run(sb, workdir, """
        with open("big2.bin", "wb") as f:
            for _ in range(64):
                f.write(b"x" * 65536)
        """, limits=limits)
    assert r.exit_code == 1 and "File too large" in r.stderr and r.limit == "fsize"
    assert (workdir / "scratch" / "big2.bin").stat().st_size <= 2**20


def test_cpu_limit(sb: Sandbox, workdir: Path) -> None:
    r = run(sb, workdir, "while True: pass", limits=Limits(wall_s=60, cpu_s=1))
    assert r.signal == signal.SIGXCPU and r.limit == "cpu" and not r.timed_out
    assert r.message.startswith("Time limit exceeded (CPU")


def test_huge_output_is_truncated_without_blocking(sb: Sandbox, workdir: Path) -> None:
    r = run(sb, workdir, """
        import os
        chunk = b"y" * 65536
        for _ in range(800):  # 50 MiB on each stream
            os.write(1, chunk)
            os.write(2, chunk)
        open("finished", "w").write("1")
        """, limits=Limits(wall_s=60, output_bytes=64 * 1024))
    assert r.exit_code == 0 and (workdir / "scratch" / "finished").exists()
    assert r.output_truncated and r.limit == "output"
    assert len(r.stdout) == len(r.stderr) == 64 * 1024


# --- isolation -------------------------------------------------------------------------------


def test_no_network(sb: Sandbox, workdir: Path) -> None:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    port = listener.getsockname()[1]
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5):  # control: the listener works
            pass
        listener.accept()[0].close()
        r = run(sb, workdir, f"""
            import json, socket
            out = {{}}
            for name, addr in [("loopback", ("127.0.0.1", {port})), ("external", ("1.1.1.1", 53))]:
                try:
                    socket.create_connection(addr, timeout=3).close()
                    out[name] = "connected"
                except OSError as exc:
                    out[name] = type(exc).__name__
            try:
                socket.getaddrinfo("example.com", 80)
                out["dns"] = "resolved"
            except OSError as exc:
                out["dns"] = type(exc).__name__
            a, b = socket.socketpair(socket.AF_UNIX)
            a.sendall(b"ok")
            out["unix"] = b.recv(2).decode()
            print(json.dumps(out))
            """)
        out = json.loads(r.stdout)
        assert out["loopback"] != "connected" and out["external"] != "connected"
        assert out["dns"] != "resolved" and out["unix"] == "ok"
        listener.setblocking(False)
        with pytest.raises(BlockingIOError):
            listener.accept()  # nothing reached the listener
    finally:
        listener.close()


def test_identity_capabilities_and_environment(sb: Sandbox, workdir: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JAXGRADE_TEST_SECRET", "must-not-leak")
    r = run(sb, workdir, """
        import json, os, subprocess, threading
        status = dict(l.split(":", 1) for l in open("/proc/self/status"))
        t = threading.Thread(target=lambda: None)
        t.start(); t.join()  # threads still work (clone3 gets ENOSYS, libc falls back to clone)
        unshare = subprocess.run(["unshare", "--user", "--map-root-user", "true"], capture_output=True)
        print(json.dumps({
            "ids": [os.getuid(), os.geteuid(), os.getgid(), os.getegid(), os.getgroups()],
            "caps": {k: status[k].strip() for k in status if k.startswith("Cap")},
            "nnp": status["NoNewPrivs"].strip(), "seccomp": status["Seccomp"].strip(),
            "env": dict(os.environ), "cwd": os.getcwd(), "unshare": unshare.returncode,
        }))
        """, env={"GIVEN": "yes"})
    out = json.loads(r.stdout)
    assert out["ids"] == [sb.uid, sb.uid, sb.gid, sb.gid, []]  # no supplementary groups
    assert set(out["caps"].values()) == {"0000000000000000"} and len(out["caps"]) == 5
    assert out["nnp"] == "1" and out["seccomp"] == "2"
    assert out["unshare"] != 0  # no user namespace: unshare() is denied by seccomp
    env = out["env"]
    assert "JAXGRADE_TEST_SECRET" not in env and env["GIVEN"] == "yes" and env["LANG"] == "C.UTF-8"
    scratch_inside = "/sandbox/scratch" if sb.mode == "bwrap" else str(workdir / "scratch")
    assert env["HOME"] == out["cwd"] == scratch_inside
    assert set(env) <= {"GIVEN", "LANG", "HOME", "PATH", "PWD", "LC_CTYPE", "TMPDIR"}


def test_seccomp_filter(sb: Sandbox, workdir: Path) -> None:
    r = run(sb, workdir, """
        import ctypes, json, os
        libc = ctypes.CDLL(None, use_errno=True)
        def call(nr, *args):
            ret = libc.syscall(ctypes.c_long(nr), *(ctypes.c_long(a) for a in args))
            return os.strerror(ctypes.get_errno()) if ret == -1 else "allowed"
        print(json.dumps({
            "ptrace_traceme": call(101, 0, 0, 0, 0),
            "socket_inet": call(41, 2, 1, 0), "socket_netlink": call(41, 16, 3, 0),
            "socket_unix": call(41, 1, 1, 0),
            "personality_no_aslr": call(135, 0x0040000), "personality_query": call(135, 0xFFFFFFFF),
            "bpf": call(321, 0, 0, 0), "perf_event_open": call(298, 0, 0, -1, -1, 0),
            "keyctl": call(250, 0, 0), "io_uring_setup": call(425, 1, 0), "userfaultfd": call(323, 0),
            "clone3": call(435, 0, 0), "setns": call(308, 0, 0), "mount": call(165, 0, 0, 0, 0, 0),
            "process_vm_readv": call(310, os.getppid(), 0, 0, 0, 0, 0),
            # not on the allowlist (each harmless or refused by the kernel without a filter)
            "setuid_self": call(105, os.getuid()), "kcmp": call(312, os.getpid(), os.getpid(), 0, 0, 0),
            "sched_setaffinity": call(203, 0, 0, 0), "ioprio_set": call(251, 1, 0, 0),
            "lsm_get_self_attr": call(459, 0, 0, 0, 0), "syscall_1000": call(1000),
        }))
        """)
    out = json.loads(r.stdout)
    eperm = os.strerror(1)
    assert out.pop("socket_unix") == out.pop("personality_query") == "allowed"
    assert out.pop("clone3") == os.strerror(38)  # ENOSYS, so libc falls back to clone()
    assert out == dict.fromkeys(out, eperm)


@pytest.mark.parametrize("abi", ["i386", "x32"])
def test_seccomp_kills_foreign_syscall_abis(sb: Sandbox, workdir: Path, abi: str) -> None:
    if os.uname().machine != "x86_64":
        pytest.skip("x86_64 only")
    # i386 getpid through int 0x80 (arch mismatch), or x32 getpid (syscall number | 0x40000000)
    code = {
        "i386": """
            import ctypes, mmap
            page = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
            page.write(bytes([0xB8, 0x14, 0, 0, 0, 0xCD, 0x80, 0xC3]))  # mov eax, 20; int 0x80; ret
            addr = ctypes.addressof(ctypes.c_char.from_buffer(page))
            ctypes.CFUNCTYPE(ctypes.c_int)(addr)()
            print("survived")
            """,
        "x32": "import ctypes; ctypes.CDLL(None).syscall(0x40000000 | 39); print('survived')",
    }[abi]
    r = run(sb, workdir, code)
    assert r.signal == signal.SIGSYS and "survived" not in r.stdout


def test_cannot_write_outside_scratch(sb: Sandbox, workdir: Path) -> None:
    tag = secrets.token_hex(6)
    readonly = workdir / "ro"  # root-owned 0755 folder, also mounted read-only
    readonly.mkdir()
    readonly.chmod(0o755)
    # rlimit mode has no private /tmp or /var/tmp: world-writable folders stay writable there (see
    # docs/architecture.md, "Sandbox"); bwrap mode gives /tmp its own tmpfs, gone afterwards.
    private_tmp = f"/tmp/jaxgrade_marker_{tag}"
    targets = {"/sandbox/ro/marker": False, str(readonly / "marker"): False, "/usr/jaxgrade_marker": False}
    if sb.mode == "bwrap":
        targets |= {f"/var/tmp/jaxgrade_marker_{tag}": False, private_tmp: True}
    r = run(sb, workdir, f"""
        import json
        out = {{}}
        for path in {sorted(targets)!r}:
            try:
                open(path, "w").write("x")
                out[path] = "written"
            except OSError as exc:
                out[path] = type(exc).__name__
        open("inside", "w").write("x")
        print(json.dumps(out))
        """, mounts=[Mount(readonly, "/sandbox/ro")])
    out = json.loads(r.stdout)
    assert (workdir / "scratch" / "inside").exists()
    assert {path: out[path] == "written" for path in targets} == targets
    assert not Path(f"/var/tmp/jaxgrade_marker_{tag}").exists() and not Path(private_tmp).exists()
    assert not (readonly / "marker").exists() and not Path("/usr/jaxgrade_marker").exists()


def test_hidden_paths_cannot_be_read_bwrap(workdir: Path) -> None:
    if reason := _missing("bwrap"):
        pytest.skip(reason)
    sb = make_sandbox("bwrap")
    # /tmp is private in the sandbox anyway: put a secret where the read-only root shows it
    secret_dir = Path(tempfile.mkdtemp(prefix="jaxgrade_secret_", dir="/var/tmp"))
    try:
        secret_dir.chmod(0o755)
        (secret_dir / "answer.txt").write_text("42")
        (secret_dir / "answer.txt").chmod(0o644)
        data = workdir / "data"  # a mounted folder with a hidden part
        (data / "hidden").mkdir(parents=True)
        (data / "hidden" / "answer.txt").write_text("43")
        (data / "public.txt").write_text("public")
        (workdir / "lone.txt").write_text("44")
        code = f"""
            import json
            out = {{}}
            for path in ["{secret_dir}/answer.txt", "/sandbox/data/hidden/answer.txt",
                         "/sandbox/data/public.txt", "/sandbox/lone.txt"]:
                try:
                    out[path] = open(path).read()
                except OSError as exc:
                    out[path] = type(exc).__name__
            print(json.dumps(out))
            """
        mounts = [Mount(data, "/sandbox/data"), Mount(workdir / "lone.txt", "/sandbox/lone.txt")]
        control = json.loads(run(sb, workdir, code, mounts=mounts).stdout)
        assert list(control.values()) == ["42", "43", "public", "44"]  # readable unless hidden
        out = json.loads(run(sb, workdir, code, mounts=mounts,
                             hidden=[secret_dir, data / "hidden", workdir / "lone.txt"]).stdout)
        assert out[f"{secret_dir}/answer.txt"] == "FileNotFoundError"
        assert out["/sandbox/data/hidden/answer.txt"] == "FileNotFoundError"
        assert out["/sandbox/data/public.txt"] == "public"
        assert out["/sandbox/lone.txt"] == "PermissionError"  # covered by /dev/null on a nodev mount
    finally:
        shutil.rmtree(secret_dir)


def test_hidden_paths_rlimit_rest_on_permissions(workdir: Path) -> None:
    if reason := _missing("rlimit"):
        pytest.skip(reason)
    uid = _free_uid()
    sb = make_sandbox("rlimit", uid=uid, gid=uid)
    secret = workdir / "secret"
    secret.mkdir()
    (secret / "answer.txt").write_text("42")
    secret.chmod(0o755)
    with pytest.raises(SandboxFault, match="readable"):
        run(sb, workdir, "pass", hidden=[secret])
    secret.chmod(0o700)
    r = run(sb, workdir, f"""
        try:
            print(open("{secret}/answer.txt").read())
        except OSError as exc:
            print(type(exc).__name__)
        """, hidden=[secret])
    assert r.stdout == "PermissionError\n"


def test_rlimit_refuses_a_busy_uid(workdir: Path) -> None:
    if reason := _missing("rlimit"):
        pytest.skip(reason)
    uid = _free_uid()
    sb = make_sandbox("rlimit", uid=uid, gid=uid)
    (workdir / "other").mkdir()
    first = sb.start(py("import time; time.sleep(60)"), scratch=workdir / "scratch", limits=Limits(wall_s=60))
    try:
        with pytest.raises(SandboxFault, match="already runs processes"):
            sb.start(py("pass"), scratch=workdir / "other")
    finally:
        first.kill()
    assert uid_pids(uid) == []


def test_import_jax_with_default_limits(workdir: Path) -> None:
    if reason := _missing("bwrap"):
        pytest.skip(reason)
    # The base interpreter lives under /root (0700): hide /root and mount the interpreters back. The
    # venv (sys.prefix) may sit anywhere, e.g. in a clone under /tmp, which the sandbox replaces.
    prefixes = sorted({sys.base_prefix, sys.prefix})
    r = make_sandbox("bwrap").run(
        [sys.executable, "-c", "import jax, jax.numpy as jnp; print(int(jnp.arange(4).sum()))"],
        scratch=workdir / "scratch", mounts=[Mount(Path(p), p) for p in prefixes], hidden=[Path("/root")],
        env={"JAX_PLATFORMS": "cpu"},
    )
    assert r.exit_code == 0, r.stderr[-2000:]
    assert r.stdout.strip() == "6"


# --- the options bwrap is given ----------------------------------------------------------------


def _read_memfd(fd: int) -> bytes:
    with open(f"/proc/self/fd/{fd}", "rb") as f:
        return f.read()


def test_bwrap_options_pin_every_bind_cover_and_flag(workdir: Path) -> None:
    """The exact bwrap options and command for one configuration with every kind of entry: a hidden
    top-level folder, a hidden folder and file outside the private folders (and one inside the
    hidden folder, covered by it), the launcher's interpreter under a hidden folder, a writable
    mount with a hidden subfolder, a read-only file mount, hidden itself, at a deep target. Written
    out by hand: a flag that goes missing, moves or changes fails here."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("needs root on Linux (bwrap mode hands the scratch folder to the sandbox uid)")
    true_bin = shutil.which("true")
    assert true_bin is not None
    work = str(workdir)
    scratch = workdir / "scratch"
    data = workdir / "data"
    (data / "hidden").mkdir(parents=True)
    lone = workdir / "lone.txt"
    lone.write_text("44")
    py_prefix = workdir / "pyhome" / "py"
    (py_prefix / "bin").mkdir(parents=True)
    secret_dir = Path(tempfile.mkdtemp(prefix="jaxgrade_pin_", dir="/var/tmp"))
    (secret_dir / "inner").mkdir()
    secret_file = Path(f"{secret_dir}.txt")
    secret_file.write_text("42")
    uid, gid = 61234, 61235
    sb = make_sandbox("bwrap", bwrap=true_bin, uid=uid, gid=gid, python=f"{py_prefix}/bin/python3")
    limits = Limits(cpu_s=30, address_space_bytes=2**32, nproc=64, fsize_bytes=2**20, nofile=128,
                    scratch_bytes=64 * 2**20)
    try:
        launch = sb._prepare(
            ["/usr/bin/python3", "-c", "pass"], scratch=scratch,
            mounts=[Mount(data, "/sandbox/data", writable=True), Mount(lone, "/opt/jaxgrade/deep/lone.txt")],
            env={"JAX_PLATFORMS": "cpu"}, limits=limits, cwd="/sandbox/scratch",
            hidden=[Path("/root"), secret_dir, secret_dir / "inner", secret_file, data / "hidden", lone,
                    workdir / "pyhome"])
        try:
            info_w, exec_fd, args_fd = launch.pass_fds
            options = _read_memfd(args_fd).split(b"\0")
            launcher_source = _read_memfd(exec_fd)
        finally:
            for fd in (*launch.pass_fds, launch.info_fd):
                os.close(fd)
    finally:
        shutil.rmtree(secret_dir)
        secret_file.unlink()
    # The read-only root mirrors this host's top-level entries: the one part not written out.
    root_entries: list[str] = []
    for name in sorted(os.listdir("/")):
        path = f"/{name}"
        if name in ("proc", "dev", "tmp", "sandbox", "root"):
            continue
        if os.path.islink(path):
            root_entries += ["--symlink", os.readlink(path), path]
        else:
            root_entries += ["--ro-bind-try", path, path]
    expected_options = [
        "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
        "--die-with-parent", "--new-session", "--info-fd", str(info_w), "--tmpfs", "/",
        *root_entries,
        "--proc", "/proc", "--dev", "/dev",
        "--bind", f"{scratch}/.sys/tmp", "/tmp", "--bind", f"{scratch}/.sys/shm", "/dev/shm",
        "--perms", "0755", "--size", "4096", "--tmpfs", "/root",
        "--perms", "0755", "--size", "4096", "--tmpfs", str(secret_dir),
        "--ro-bind", "/dev/null", str(secret_file),
        "--perms", "0755", "--dir", "/tmp",
        "--perms", "0755", "--dir", work,
        "--perms", "0755", "--dir", f"{work}/pyhome",
        "--ro-bind", str(py_prefix), str(py_prefix),
        "--perms", "0755", "--dir", "/sandbox",
        "--bind", str(scratch), "/sandbox/scratch",
        "--bind", str(data), "/sandbox/data",
        "--perms", "0755", "--dir", "/opt",
        "--perms", "0755", "--dir", "/opt/jaxgrade",
        "--perms", "0755", "--dir", "/opt/jaxgrade/deep",
        "--ro-bind", str(lone), "/opt/jaxgrade/deep/lone.txt",
        "--perms", "0755", "--size", "4096", "--tmpfs", "/sandbox/data/hidden",
        "--ro-bind", "/dev/null", "/opt/jaxgrade/deep/lone.txt",
        "--perms", "0755", "--dir", "/sandbox/.exec",
        "--perms", "0444", "--file", str(exec_fd), "/sandbox/.exec/sandbox_exec.py",
        "--remount-ro", "/root", "--remount-ro", str(secret_dir), "--remount-ro", "/sandbox/data/hidden",
        "--remount-ro", "/", "--chdir", "/",
    ]
    assert [o.decode() for o in options] == [*expected_options, ""]  # each option NUL-terminated
    assert launch.argv == [
        true_bin, "--args", str(args_fd), "--",
        f"{py_prefix}/bin/python3", "-I", "-S", "/sandbox/.exec/sandbox_exec.py", "--status-fd={status_fd}",
        "--cwd=/sandbox/scratch", f"--rlimit=as={2**32}", "--rlimit=cpu=30:31", "--rlimit=nproc=64",
        f"--rlimit=fsize={2**20}", "--rlimit=nofile=128", "--rlimit=core=0",
        f"--uid={uid}", f"--gid={gid}", "--seccomp", "--",
        "/usr/bin/python3", "-c", "pass",
    ]
    assert launch.env == {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/sandbox/scratch",
                          "LANG": "C.UTF-8", "JAX_PLATFORMS": "cpu"}
    assert launch.close_after_start == launch.pass_fds and launch.disk_watch == scratch
    assert launch.sweep is None and launch.account_uid is None
    assert launcher_source == EXEC_SOURCE.read_bytes()
    assert (scratch.stat().st_uid, scratch.stat().st_gid) == (uid, gid)


# --- the child's audit hook --------------------------------------------------------------------


def _code_within(code: CodeType) -> Iterator[CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, CodeType):
            yield from _code_within(const)


def test_the_audit_hook_looks_up_no_global_and_no_builtin() -> None:
    """A notebook may rebind any global of tamper.py or any builtin: what the audit hook runs on an
    event must not see it, so every closure the hook is made of binds what it calls when it is made,
    before student code. A closure that loads a global or a builtin fails here."""
    closures = {const.co_name: const for name, maker in vars(tamper).items()
                if isinstance(maker, FunctionType) and name.startswith("_make_")
                for const in maker.__code__.co_consts
                if isinstance(const, CodeType) and not const.co_name.startswith("<")}
    assert set(closures) >= {"hook", "add", "walk", "integrity", "environment", "clear_callbacks",
                             "from_grader", "on_sent", "on_flag", "on_arm", "on_phase", "on_read",
                             "on_student_event"}
    lookups = {name: [i.argval for c in _code_within(code) for i in dis.get_instructions(c)
                      if i.opname in ("LOAD_GLOBAL", "LOAD_NAME", "LOAD_FROM_DICT_OR_GLOBALS")]
               for name, code in closures.items()}
    assert lookups == dict.fromkeys(closures, [])


# --- the sandbox's own faults ----------------------------------------------------------------


def test_missing_bwrap_is_a_sandbox_fault(workdir: Path) -> None:
    sb = make_sandbox("bwrap", bwrap="/nonexistent/jaxgrade/bwrap")
    with pytest.raises(SandboxFault, match="not found"):
        sb.run(["true"], scratch=workdir / "scratch")


@pytest.mark.parametrize("mode", MODES)
def test_setup_failures_are_sandbox_faults(mode: str, workdir: Path) -> None:
    if reason := _missing(mode):
        pytest.skip(reason)
    uid = _free_uid()
    sb = make_sandbox(mode, uid=uid, gid=uid)
    with pytest.raises(SandboxFault, match="No such file"):
        sb.run(["/nonexistent/jaxgrade/program"], scratch=workdir / "scratch")
    with pytest.raises(SandboxFault):
        sb.run(["true"], scratch=workdir / "scratch", mounts=[Mount(workdir / "missing", "/sandbox/m")])
    with pytest.raises(SandboxFault, match="not a directory"):
        sb.run(["true"], scratch=workdir / "missing")
    assert uid_pids(uid) == []


def test_unsafe_mode_needs_the_flag(workdir: Path) -> None:
    with pytest.raises(ValueError, match="unsafe"):
        make_sandbox("none")
    with pytest.raises(ValueError, match="unknown"):
        make_sandbox("docker")
    if not os.access(PY, os.X_OK):
        pytest.skip(f"{PY} missing")
    sb = make_sandbox("none", unsafe=True)
    r = sb.run(py("import os, resource; print(os.getcwd(), resource.getrlimit(resource.RLIMIT_NPROC)[0])"),
               scratch=workdir / "scratch", limits=Limits(nproc=77))
    assert r.exit_code == 0 and r.stdout.split() == [str(workdir / "scratch"), "77"]
    assert stat.S_IMODE((workdir / "scratch").stat().st_mode)  # untouched, still there


# --- scratch quota ---------------------------------------------------------------------------

QUOTA = 128 * 2**20
FILL = """
    import errno, json, os, sys
    folder = sys.argv[1]
    chunk = b"q" * 2**20
    full, failure = 0, None
    for i in range(20):  # at most 20 files of 64 MiB: bounded even without a quota
        try:
            with open(os.path.join(folder, f"fill{i}.bin"), "wb") as f:
                for _ in range(64):
                    f.write(chunk)
            full += 1
        except OSError as exc:
            failure = errno.errorcode.get(exc.errno, str(exc.errno))
            break
    print(json.dumps({"full": full, "failure": failure}))
    """


def _quota_mounts() -> list[str]:
    """Mount points of this process's scratch quotas still in the mount namespace."""
    tag = f"jaxgrade-scratch-{os.getpid()}-"
    return [line.split()[4] for line in Path("/proc/self/mountinfo").read_text().splitlines()
            if f" - tmpfs {tag}" in line]


def _fill(sb: Sandbox, workdir: Path, folder: str, **kw):
    r = sb.run([*py(FILL), folder], scratch=workdir / "scratch",
               limits=Limits(wall_s=120, scratch_bytes=QUOTA), **kw)
    assert r.exit_code == 0, r.stderr[-2000:]
    return r, json.loads(r.stdout)


def test_scratch_quota_stops_many_files(sb: Sandbox, workdir: Path) -> None:
    scratch = workdir / "scratch"
    with sb.scratch(scratch, Limits(scratch_bytes=QUOTA)) as quota:
        assert quota.limited and quota.size_bytes == QUOTA and quota.path == scratch
        assert str(scratch) in _quota_mounts()
        r, out = _fill(sb, workdir, "/sandbox/scratch" if sb.mode == "bwrap" else str(scratch))
        assert r.scratch_limited
        assert out["failure"] == "ENOSPC" and out["full"] <= 2  # 20 files would be 1.25 GiB
        used = sum(p.stat().st_size for p in scratch.iterdir() if p.is_file())
        assert 64 * 2**20 <= used <= QUOTA  # the parent reads the folder before the quota ends
    assert _quota_mounts() == [] and list(scratch.iterdir()) == []  # unmounted, its files gone


def test_private_tmp_and_shm_are_bounded_like_scratch_bwrap(workdir: Path) -> None:
    """/tmp and /dev/shm are folders of scratch: without a quota tmpfs the disk watchdog stops them."""
    if reason := _missing("bwrap"):
        pytest.skip(reason)
    sb = make_sandbox("bwrap", uid=_free_uid())
    for folder in ("/tmp", "/dev/shm"):
        limits = Limits(wall_s=120, scratch_bytes=QUOTA)
        r = sb.run([*py(FILL), folder], scratch=workdir / "scratch", limits=limits)
        assert r.limit == "disk" and not r.scratch_limited, (folder, r)
        shutil.rmtree(workdir / "scratch" / ".sys")


def test_scratch_quota_ends_on_errors_and_kill(workdir: Path) -> None:
    if reason := _missing("bwrap"):
        pytest.skip(reason)
    sb = make_sandbox("bwrap", uid=_free_uid())
    scratch = workdir / "scratch"
    with pytest.raises(RuntimeError, match="grader bug"):
        with sb.scratch(scratch, Limits(scratch_bytes=QUOTA)):
            (scratch / "f").write_text("x")
            raise RuntimeError("grader bug")
    assert _quota_mounts() == [] and not (scratch / "f").exists()
    with sb.scratch(scratch, Limits(scratch_bytes=QUOTA)):
        proc = sb.start(py("""
            import time
            f = open("held", "w")  # the program keeps a file of the quota open
            print("ready", flush=True)
            time.sleep(60)
            """), scratch=scratch, limits=Limits(wall_s=60))
        for _ in range(600):  # until the program holds its file (at most a minute)
            if (scratch / "held").exists() or proc.wait(timeout=0.1) is not None:
                break
        assert proc.poll() is None and (scratch / "held").exists()
        held = open(scratch / "progress", "w")  # so does the parent (a reader it forgot to close)
        r = proc.kill()
        assert r.killed and r.scratch_limited
    assert _quota_mounts() == []  # lazily detached: nothing is left mounted
    held.close()
    (scratch / "left").write_text("x")
    with pytest.raises(SandboxFault, match="not empty"):
        with sb.scratch(scratch):
            pass
    assert _quota_mounts() == []


def test_stale_quota_of_a_dead_grader_is_unmounted(workdir: Path) -> None:
    if reason := _missing("bwrap"):
        pytest.skip(reason)
    from autograder.sandbox import quota as sandbox_module

    gone = subprocess.Popen(["true"])  # a grader process that died without cleaning up
    gone.wait()
    stale = workdir / "stale"
    stale.mkdir()
    source = f"jaxgrade-scratch-{gone.pid}-1"
    assert sandbox_module._mount_quota(stale, 2**20, source) == ""
    try:
        assert (str(stale), source) in sandbox_module._tmpfs_mounts()
        with make_sandbox("bwrap").scratch(workdir / "scratch", Limits(scratch_bytes=2**20)) as quota:
            assert quota.limited
            assert (str(stale), source) not in sandbox_module._tmpfs_mounts()
    finally:
        sandbox_module._umount(str(stale), 2)


def test_scratch_without_quota_is_reported(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if reason := _missing("bwrap"):
        pytest.skip(reason)
    from autograder.sandbox import quota as sandbox_module

    # what a container answers: the mount is refused, the sandbox runs as before and says so
    monkeypatch.setattr(sandbox_module, "_mount_quota", lambda *a: "mounting a tmpfs was refused (test)")
    sb = make_sandbox("bwrap", uid=_free_uid())
    with sb.scratch(workdir / "scratch") as quota:
        assert not quota.limited and "refused" in quota.reason
        r = run(sb, workdir, "open('x', 'w').write('1')")
        assert r.ok and not r.scratch_limited
    assert (workdir / "scratch" / "x").read_text() == "1" and _quota_mounts() == []
    with make_sandbox("none", unsafe=True).scratch(workdir / "scratch") as quota:
        assert not quota.limited and "none" in quota.reason


# --- what the program learns of host paths ----------------------------------------------------

PROC_DUMP = """
    import json, os
    out = {"cmdline": {}, "environ": {}, "listing": {}}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        for name in ("cmdline", "environ"):
            try:
                with open(f"/proc/{pid}/{name}", "rb") as f:
                    out[name][pid] = f.read().decode(errors="replace").split("\\0")
            except OSError:
                pass
    out["mountinfo"] = open("/proc/self/mountinfo").read().splitlines()
    for folder in os.environ["LOOK"].split(":"):
        out["listing"][folder] = sorted(os.listdir(folder))
    print(json.dumps(out))
    """


def test_no_host_paths_in_proc_bwrap(workdir: Path) -> None:
    """bwrap's options go through --args (not /proc/1/cmdline), the launcher is copied in, scratch is
    a tmpfs, nested or private hidden paths get no cover that would name them, a hidden top-level
    folder brings none of its host submounts. Only a bind mount's source stays in mountinfo."""
    if reason := _missing("bwrap"):
        pytest.skip(reason)
    sb = make_sandbox("bwrap", uid=_free_uid())
    secret = secrets.token_hex(8)  # in every name the sandbox must never learn
    outer = Path(tempfile.mkdtemp(prefix="jaxgrade_hidden_", dir="/var/tmp"))  # its name is public:
    try:  # /var/tmp can be listed, the cover at its place only makes it empty
        outer.chmod(0o755)
        inner = outer / f"submissions_{secret}"
        inner.mkdir()
        (inner / "answer.txt").write_text("42")
        private = workdir / f"cache_{secret}"  # under /tmp, private in the sandbox anyway
        private.mkdir()
        lib = workdir / "lib"
        lib.mkdir()
        top = "/" + Path(__file__).resolve().parts[1]  # the repository's top-level folder
        hidden = [outer, inner, private, *([Path(top)] if top not in ("/usr", "/etc") else [])]
        scratch = workdir / "scratch"
        with sb.scratch(scratch):
            r = sb.run(py(PROC_DUMP), scratch=scratch, mounts=[Mount(lib, "/sandbox/lib")], hidden=hidden,
                       env={"LOOK": f"{outer}:/var/tmp:/tmp:{top}"}, limits=Limits(wall_s=60))
        assert r.exit_code == 0 and r.scratch_limited, r.stderr[-2000:]
        out = json.loads(r.stdout)
    finally:
        shutil.rmtree(outer)
    bwrap_argv = out["cmdline"]["1"][:-1]  # NUL-terminated: the last element is empty
    launcher_argv = out["cmdline"]["2"][:-1]
    assert bwrap_argv[:2] == [shutil.which("bwrap"), "--args"] and bwrap_argv[3] == "--"
    assert bwrap_argv[4:] == launcher_argv and launcher_argv[3] == "/sandbox/.exec/sandbox_exec.py"
    assert set(out["environ"]) == {"3"}  # bwrap and the launcher (root) are not readable
    proc_text = json.dumps([out["cmdline"], out["environ"]])
    for host in (secret, str(workdir), str(EXEC_SOURCE), str(EXEC_SOURCE.parent)):  # (outer is in LOOK)
        assert host not in proc_text, host
    mountinfo = out["mountinfo"]
    assert not [line for line in mountinfo if secret in line or str(EXEC_SOURCE.parent) in line]
    naming_workdir = [line.split()[3:5] for line in mountinfo if str(workdir) in line]
    assert naming_workdir == [[str(lib), "/sandbox/lib"]]  # a bind's root: the one thing left
    assert [line.split()[4] for line in mountinfo if str(outer) in line] == [str(outer)]  # its cover
    prefix = os.path.dirname(os.path.dirname(sb.python))
    under_top = [line.split()[4] for line in mountinfo if line.split()[4].startswith(top + "/")]
    assert all(_within(p, prefix) for p in under_top), under_top  # no host submount of a hidden top
    scratch_line = next(line.split() for line in mountinfo if line.split()[4] == "/sandbox/scratch")
    assert scratch_line[3] == "/" and "tmpfs" in scratch_line
    assert out["listing"][str(outer)] == [] and out["listing"]["/tmp"] == []
    assert outer.name in out["listing"]["/var/tmp"]
    assert out["listing"][top] == ([Path(prefix).relative_to(top).parts[0]] if _within(prefix, top) else [])


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


# --- fair time limits: CPU used and CPU waited for, read while the program runs ---------------

BURN = """
    import os, sys, time
    def burn(seconds):  # CPU seconds, bounded by a minute of wall clock
        t0, w0 = time.process_time(), time.monotonic()
        while time.process_time() - t0 < seconds and time.monotonic() - w0 < 60:
            pass
    if os.fork() == 0:
        os.setsid()  # leaves the session and is orphaned before it is reaped
        if os.fork() == 0:
            burn(1.0)
            os._exit(0)
        os._exit(0)
    burn(1.0)
    os.wait()
    time.sleep(1)  # the grandchild ends and is reaped by the launcher (a subreaper) meanwhile
    print("burnt", flush=True)
    time.sleep(60)
    """


def test_usage_counts_the_cpu_of_orphans_while_the_program_runs(sb: Sandbox, workdir: Path) -> None:
    proc = sb.start(py(BURN), scratch=workdir / "scratch", limits=Limits(wall_s=120))
    try:
        seen = proc.usage()
        deadline = 0
        while deadline < 1200 and proc.poll() is None and seen.cpu_s < 1.9:
            proc.wait(0.1)
            seen = proc.usage()
            deadline += 1
    finally:
        result = proc.kill()
    assert seen.cpu_s >= 1.9, (seen, result.stdout, result.stderr[-1000:])  # both burners, one orphaned
    assert result.killed and result.wait_s is not None


def _pinned_hogs(cpu: int, count: int) -> list[subprocess.Popen]:
    """`count` CPU-bound processes of this test pinned to one CPU, each ending after 90 s at most."""
    code = (f"import os, time\nos.sched_setaffinity(0, {{{cpu}}})\nt = time.monotonic()\n"
            "while time.monotonic() - t < 90: pass\n")
    return [subprocess.Popen([PY, "-c", code]) for _ in range(count)]


def test_a_program_starved_by_its_neighbours_is_told_apart_from_a_sleeper(sb: Sandbox, workdir: Path) -> None:
    """The wall clock fires on both; only the one that waited for a CPU is the machine's fault."""
    if not hasattr(os, "sched_setaffinity"):
        pytest.skip("no sched_setaffinity")
    mask = os.sched_getaffinity(0)
    cpu = min(mask)
    hogs = _pinned_hogs(cpu, 3)
    try:
        os.sched_setaffinity(0, {cpu})  # inherited by the sandbox (the program may not change it)
        try:
            victim = run(sb, workdir, """
                import time
                t = time.monotonic()
                while time.monotonic() - t < 60: pass
                """, limits=Limits(wall_s=4))
        finally:
            os.sched_setaffinity(0, mask)
        sleeper = run(sb, workdir, "import time; time.sleep(60)", limits=Limits(wall_s=4))
    finally:
        for h in hogs:
            h.kill()
            h.wait()
    assert victim.timed_out and victim.starved, victim
    assert sleeper.timed_out and not sleeper.starved, sleeper


HERD = """
    import threading, time
    go = threading.Condition()
    def member():
        while True:
            with go:
                go.wait()
            sum(range(200))  # a moment of work, then sleep again
    for _ in range(48):
        threading.Thread(target=member, daemon=True).start()
    t = time.monotonic()
    while time.monotonic() - t < 60:  # 48 threads woken together 200 times a second, 60 s at most
        with go:
            go.notify_all()
        time.sleep(0.005)
    """


def test_a_job_whose_own_threads_wake_together_is_not_starved(sb: Sandbox, workdir: Path) -> None:
    """Its threads wait for each other (a large run delay summed over threads, little CPU of its own):
    a delay the job causes itself, so the wall clock firing is its timeout, never a retried fault.
    On a saturated machine the host really does keep its threads waiting (then "starved" is right):
    a round counts only when the load average stayed below twice the cores and a lone-thread
    control was not starved; at most three rounds."""
    limits = Limits(wall_s=4, cpu_s=30, nproc=128)
    busy_at = 2 * (os.cpu_count() or 1)
    for _ in range(3):
        r = run(sb, workdir, HERD, limits=limits)
        if not r.starved:
            break
        control = run(sb, workdir, HERD.replace("range(48)", "range(1)"), limits=limits)
        if not control.starved and os.getloadavg()[0] < busy_at:
            break  # a calm machine that let a lone thread run: the herd's verdict stands
        print(f"machine busy (load {os.getloadavg()[0]:.1f}, control starved: {control.starved}): again")
    else:
        print(f"SKIP: machine saturated 3 times (load {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores)")
        pytest.skip("the machine is too busy to tell a job's own delay from the host's")
    assert r.timed_out and not r.starved, r
    assert (r.wait_s or 0) >= 0.25 * 4, r  # the summed delay the old rule read as starvation


def test_a_sleeping_job_holds_its_slot_only_a_small_multiple_of_its_limit() -> None:
    from autograder.grade.timing import WALL_BACKSTOP_CONSTANT_S, WALL_BACKSTOP_FACTOR, idle_backstop_s

    assert WALL_BACKSTOP_FACTOR <= 2 and WALL_BACKSTOP_CONSTANT_S <= 10
    assert idle_backstop_s(120) == 250  # an exercise limit of 120 s: a sleeper frees its slot at 250 s


SleeperWait = tuple[str | None, float]  # the deadline's verdict, and the seconds it took


def _sleeper_at_the_idle_backstop(mode: str, uid: int) -> SleeperWait:
    """A sleeping child under a 0.5 s CPU limit in `mode`'s sandbox (`uid` and a scratch of its own):
    the verdict and how long after the deadline's start it came."""
    import time

    from autograder.grade.timing import CpuDeadline

    sb = make_sandbox(mode, uid=uid, gid=uid)
    base = Path(tempfile.mkdtemp(prefix="jaxgrade_sbtest_", dir="/tmp"))  # as the workdir fixture
    base.chmod(0o755)
    (base / "scratch").mkdir()
    try:
        proc = sb.start(py("import time; time.sleep(60)"), scratch=base / "scratch", limits=Limits(wall_s=60))
        try:
            deadline = CpuDeadline(proc, 0.5)
            t0 = deadline.started  # the backstop counts from here (its first usage read comes after)
            while (verdict := deadline.check()) is None and time.monotonic() - t0 < 30:
                time.sleep(0.05)
            waited = time.monotonic() - t0
        finally:
            proc.kill()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return verdict, waited


@pytest.fixture(scope="module")
def idle_backstop_waits() -> Iterator[dict[str, Future[SleeperWait]]]:
    """Both modes' sleepers wait out the idle backstop (11 s, asleep) at the same time, so the two
    tests below take one wait, not two; each test judges its own mode's wait."""
    modes = [mode for mode in MODES if not _missing(mode)]  # a missing mode's test skips in `sb`
    uids: list[int] = []
    while len(uids) < len(modes):  # two free uids, never the same one (each sandbox sweeps its uid)
        if (uid := _free_uid()) not in uids:
            uids.append(uid)
    with ThreadPoolExecutor(max(1, len(modes))) as pool:
        sleepers = zip(modes, uids, strict=True)
        yield {mode: pool.submit(_sleeper_at_the_idle_backstop, mode, uid) for mode, uid in sleepers}


def test_a_sleeping_child_times_out_at_the_idle_backstop(
    sb: Sandbox, idle_backstop_waits: dict[str, Future[SleeperWait]], request: pytest.FixtureRequest
) -> None:
    from autograder.grade.timing import idle_backstop_s

    # `sb` skips a mode this machine lacks and names the mode; the wait ran in that mode's sandbox
    verdict, waited = idle_backstop_waits[request.node.callspec.params["sb"]].result(timeout=300)
    assert verdict == "timeout" and idle_backstop_s(0.5) <= waited <= idle_backstop_s(0.5) + 2, waited


# --- disk: scratch without a quota tmpfs is watched ------------------------------------------

DISK_FILL = """
    import os, sys
    os.chdir(sys.argv[1])
    block = b"x" * 2**20
    for i in range(64):  # at most 64 MiB
        with open(f"fill{i}", "wb") as f:
            f.write(block)
            f.flush()
            os.fsync(f.fileno())
    for i in range(5000):  # at most 5000 empty files
        open(f"e{i}", "w").close()
    print("wrote everything", flush=True)
    import time; time.sleep(30)
    """


@pytest.mark.parametrize("what", ["bytes", "entries"])
def test_scratch_without_quota_is_bounded_by_the_watchdog(sb: Sandbox, workdir: Path, what: str) -> None:
    scratch = workdir / "scratch"
    folder = "/sandbox/scratch" if sb.mode == "bwrap" else str(scratch)
    code = DISK_FILL if what == "bytes" else DISK_FILL.replace("range(64)", "range(0)")
    r = sb.run([*py(code), folder], scratch=scratch, limits=Limits(wall_s=120, scratch_bytes=8 * 2**20))
    assert not r.scratch_limited  # no Sandbox.scratch(): no tmpfs
    # killed by the watchdog (it would otherwise sleep and exit 0); it may have finished writing
    # within one walk's interval, which is the overshoot the watchdog allows
    assert r.limit == "disk" and r.killed and r.signal == signal.SIGKILL, r
    assert "Scratch quota exceeded" in r.message


# --- rlimit mode: concurrent jobs share a machine, not a way to each other --------------------

IPC_PROBE = """
    import ctypes, json, os, socket, sys
    libc = ctypes.CDLL(None, use_errno=True)
    def call(nr, *args):
        ret = libc.syscall(ctypes.c_long(nr), *(ctypes.c_long(a) for a in args))
        return os.strerror(ctypes.get_errno()) if ret == -1 else "allowed"
    tag = sys.argv[1]
    out = {}
    for path in (f"/dev/shm/jaxgrade_hostile_{tag}", f"/tmp/jaxgrade_hostile_{tag}",
                 f"/var/tmp/jaxgrade_hostile_{tag}"):
        try:
            with open(path, "w") as f:
                f.write("JAXGRADE-HOSTILE")
            os.chmod(path, 0o666)
            out[path] = "written"
        except OSError as exc:
            out[path] = type(exc).__name__
    IPC_CREAT = 0o1000
    out["shmget"] = call(29, 0, 4096, IPC_CREAT | 0o666)
    out["semget"] = call(64, 0, 1, IPC_CREAT | 0o666)
    out["msgget"] = call(68, 0, IPC_CREAT | 0o666)
    out["mq_open"] = call(240, ctypes.addressof(ctypes.create_string_buffer(f"jaxgrade_{tag}".encode())),
                          0o100 | 2, 0o666, 0)
    out["setpriority"] = call(141, 0, 0, 19)
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(f"\\0jaxgrade_hostile_{tag}")
    listener.listen()
    peer = socket.socket(socket.AF_UNIX)
    try:
        peer.connect("\\0" + sys.argv[2])
        out["connect"] = "connected"
    except OSError as exc:
        out["connect"] = type(exc).__name__
    print(json.dumps(out), flush=True)
    open("done", "w").close()
    import time; time.sleep(30)
    """


def test_rlimit_jobs_reach_no_shared_ipc_or_writable_folder(workdir: Path) -> None:
    """Two concurrent jobs (two uids): neither can leave files in the world-writable folders, create
    SysV IPC objects or message queues, or connect to the other's abstract socket; nothing of them
    survives."""
    if reason := _missing("rlimit"):
        pytest.skip(reason)
    import ctypes

    abi = ctypes.CDLL(None).syscall(ctypes.c_long(444), None, ctypes.c_size_t(0), ctypes.c_uint32(1))
    if abi < 6:  # landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION)
        print(f"SKIP: the kernel's Landlock ABI is {abi}, the abstract-socket scope needs 6")
        pytest.skip("the kernel's Landlock has no abstract-socket scope (ABI < 6)")
    tags = [secrets.token_hex(4), secrets.token_hex(4)]
    uids = [_free_uid()]
    while (uid := _free_uid()) == uids[0]:
        pass
    uids.append(uid)
    procs = []
    for i, tag in enumerate(tags):
        scratch = workdir / f"job{i}"
        scratch.mkdir()
        sb = make_sandbox("rlimit", uid=uids[i], gid=uids[i])
        other = f"jaxgrade_hostile_{tags[0]}"  # job 1 tries job 0's abstract socket, job 0 its own
        procs.append(sb.start([*py(IPC_PROBE), tag, other], scratch=scratch, limits=Limits(wall_s=60)))
        for _ in range(600):  # job 0 listens before job 1 starts (at most a minute)
            if i > 0 or procs[0].wait(0.1) is not None or _abstract_listening(f"jaxgrade_hostile_{tags[0]}"):
                break
    for i, proc in enumerate(procs):
        for _ in range(300):  # until it printed its findings (at most 30 s)
            if proc.wait(0.1) is not None or (workdir / f"job{i}" / "done").exists():
                break
    results = [proc.kill() for proc in procs]
    leftovers = _remove_ipc_and_markers(uids, tags)  # even when the sandbox let them through
    assert leftovers == []
    assert uid_pids(uids[0]) == uid_pids(uids[1]) == []
    outs = [json.loads(r.stdout) for r in results]
    for tag, out in zip(tags, outs, strict=True):
        for folder in ("/dev/shm", "/tmp", "/var/tmp"):
            assert out.pop(f"{folder}/jaxgrade_hostile_{tag}") == "PermissionError"
            assert not Path(f"{folder}/jaxgrade_hostile_{tag}").exists()
        assert {k: out[k] for k in ("shmget", "semget", "msgget", "mq_open", "setpriority")} == \
            dict.fromkeys(("shmget", "semget", "msgget", "mq_open", "setpriority"), os.strerror(1))
    assert outs[0]["connect"] == "connected"  # its own socket: the probe works
    assert outs[1]["connect"] == "PermissionError"  # the neighbour's: out of its Landlock domain


def _abstract_listening(name: str) -> bool:
    return any(line.rstrip().endswith("@" + name) for line in Path("/proc/net/unix").read_text().splitlines())


def _remove_ipc_and_markers(uids: list[int], tags: list[str]) -> list[str]:
    """Deletes SysV IPC objects of `uids` and the probe's marker files; returns what it found."""
    found = []
    for kind, flag in (("shm", "-m"), ("sem", "-s"), ("msg", "-q")):
        lines = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()[1:]
        header = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()[0].split()
        for line in lines:
            row = dict(zip(header, line.split(), strict=False))
            if int(row["uid"]) in uids:
                found.append(f"{kind} {row[{'shm': 'shmid', 'sem': 'semid', 'msg': 'msqid'}[kind]]}")
                subprocess.run(["ipcrm", flag, found[-1].split()[1]], check=False)
    for tag in tags:
        for folder in ("/dev/shm", "/tmp", "/var/tmp"):
            marker = Path(f"{folder}/jaxgrade_hostile_{tag}")
            if marker.exists():
                found.append(str(marker))
                marker.unlink()
    return found


# --- host sockets and other processes (rlimit mode) --------------------------------------------

NETLOCK_SOURCE = Path(__file__).resolve().parents[1] / "autograder" / "sandboxed" / "netlock.py"
SOCKET_PROBE = """
    import json, socket, sys
    host_stream, host_dgram, own = sys.argv[1], sys.argv[2], "own.sock"
    out = {}
    def attempt(key, fn):
        try:
            fn()
            out[key] = "ok"
        except OSError as exc:
            out[key] = type(exc).__name__
    def stream(path):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(2)
        s.connect(path)
        s.sendall(b"JAXGRADE-HOSTILE\\n")
        return s
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(own)
    listener.listen()
    attempt("host_before", lambda: stream(host_stream))  # what the launcher's filter alone lets through
    stream_to_parent = stream(own)  # stands in for the observation stream, connected before the lock
    namespace = {"__name__": "netlock"}
    exec(compile(open("netlock.py").read(), "netlock.py", "exec"), namespace)
    out["installed"] = namespace["forbid_new_connections"]()
    attempt("host_stream", lambda: stream(host_stream))
    attempt("host_dgram", lambda: socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM).sendto(b"x", host_dgram))
    attempt("own_again", lambda: stream(own))
    attempt("sendmsg", lambda: stream_to_parent.sendmsg([b"x"]))
    attempt("send", lambda: stream_to_parent.send(b"still works"))
    print(json.dumps(out))
"""


@pytest.mark.parametrize("mode", MODES)
def test_a_locked_child_reaches_no_socket_outside_its_job(mode: str, workdir: Path) -> None:
    """The test owns a stream and a datagram AF_UNIX socket outside the job folder (0777, reachable
    by any uid); once the child's netlock is installed, neither they nor any new connection can be
    reached, while the connection made before keeps working."""
    if reason := _missing(mode):
        pytest.skip(reason)
    host = Path(tempfile.mkdtemp(prefix="jaxgrade_sock_", dir="/tmp"))
    host.chmod(0o755)
    listener, dgram = socket.socket(socket.AF_UNIX), socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        listener.bind(str(host / "stream.sock"))
        listener.listen(8)
        dgram.bind(str(host / "dgram.sock"))
        for name in ("stream.sock", "dgram.sock"):
            os.chmod(host / name, 0o777)
        shutil.copyfile(NETLOCK_SOURCE, workdir / "scratch" / "netlock.py")
        uid = _free_uid()
        r = make_sandbox(mode, uid=uid, gid=uid).run(
            [*py(SOCKET_PROBE), str(host / "stream.sock"), str(host / "dgram.sock")],
            scratch=workdir / "scratch", limits=Limits(wall_s=60), cwd="/sandbox/scratch",
        )
        out = json.loads(r.stdout or "{}")
        assert out.get("installed") is True, (r.stdout, r.stderr)
        if mode == "rlimit":
            assert out["host_before"] == "ok"  # the gap: seccomp and Landlock alone let it through
        for key in ("host_stream", "host_dgram", "own_again", "sendmsg"):
            assert out[key] == "PermissionError", (key, out)
        assert out["send"] == "ok"
        dgram.setblocking(False)
        with pytest.raises(BlockingIOError):
            dgram.recv(64)  # nothing arrived after the lock
    finally:
        listener.close()
        dgram.close()
        shutil.rmtree(host, ignore_errors=True)


PROC_PROBE = """
    import json, os, sys
    marker = sys.argv[1][::-1]  # reversed: its own command line must not hold the marker
    seen, found, environ = [], [], "absent"
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        seen.append(int(entry))
        try:
            if marker.encode() in open(f"/proc/{entry}/cmdline", "rb").read():
                found.append(int(entry))
                environ = "readable" if open(f"/proc/{entry}/environ", "rb").read() else "empty"
        except OSError as exc:
            environ = type(exc).__name__
    uids = {}
    for pid in seen:
        try:
            uids[pid] = os.stat(f"/proc/{pid}").st_uid
        except OSError:
            pass
    print(json.dumps({"found": found, "environ": environ, "foreign": sorted(p for p, u in uids.items()
                      if u != os.getuid())}))
"""


def test_an_rlimit_child_sees_no_other_process(workdir: Path) -> None:
    """A process of the grader's (root) with a marker in its command line and environment runs next
    to the job: the job must not find it in /proc, nor any process of another uid."""
    if reason := _missing("rlimit"):
        pytest.skip(reason)
    marker = f"jaxgrade_marker_{secrets.token_hex(6)}"
    neighbour = subprocess.Popen([PY, "-c", "import time; time.sleep(60)", marker],
                                 env={"JAXGRADE_SECRET": marker})  # fmt: skip
    try:
        uid = _free_uid()
        r = make_sandbox("rlimit", uid=uid, gid=uid).run(
            [*py(PROC_PROBE), marker[::-1]], scratch=workdir / "scratch", limits=Limits(wall_s=60)
        )
        out = json.loads(r.stdout or "{}")
        assert out.get("found") == [], (out, r.stderr)
        assert out["foreign"] == [], out  # only its own uid's processes are listed
    finally:
        neighbour.kill()
        neighbour.wait()


# --- memory outside RLIMIT_AS: tmpfs folders and anonymous files ---------------------------------

MEMORY_PROBE = """
    import ctypes, json, os
    bound, chunk = int(os.environ["JAXGRADE_BOUND"]), b"J" * 2**20
    out = {"bytes": {}, "files": 0}
    for folder in ("/dev/shm", "/tmp", "/sandbox/scratch/work"):
        written = 0
        try:
            with open(f"{folder}/jaxgrade_fill", "wb") as f:
                while written < 2 * bound:  # twice the documented bound, in small steps
                    f.write(chunk)
                    f.flush()
                    written += len(chunk)
        except OSError:
            pass
        out["bytes"][folder] = written  # kept: the job holds all of it at once
    try:  # inodes: at most twice the documented entry cap
        for i in range(2 * int(os.environ["JAXGRADE_INODES"])):
            open(f"/dev/shm/jaxgrade_{i}", "w").close()
            out["files"] += 1
    except OSError:
        pass
    libc = ctypes.CDLL(None, use_errno=True)
    fd = libc.syscall(ctypes.c_long(319), b"jaxgrade", ctypes.c_uint(0))  # memfd_create
    out["memfd"] = "allowed" if fd >= 0 else os.strerror(ctypes.get_errno())
    print(json.dumps(out))
"""


def test_a_job_holds_no_memory_beyond_its_scratch_quota(sb: Sandbox, workdir: Path) -> None:
    """/tmp, /dev/shm and scratch together hold at most `scratch_bytes` (and its entry cap), and no
    anonymous file can be made: a job cannot keep memory outside RLIMIT_AS beyond the documented bound."""
    from autograder.sandbox.quota import scratch_inodes

    bound = 16 * 2**20
    limits = Limits(wall_s=120, scratch_bytes=bound)
    scratch = workdir / "quota"
    scratch.mkdir()
    with sb.scratch(scratch, limits) as quota:
        if not quota.limited:
            pytest.skip(f"no scratch quota here: {quota.reason}")
        (scratch / "work").mkdir()
        os.chown(scratch / "work", sb.uid, sb.gid)
        env = {"JAXGRADE_BOUND": str(bound), "JAXGRADE_INODES": str(scratch_inodes(bound))}
        r = sb.run(py(MEMORY_PROBE), scratch=scratch, env=env, limits=limits)
    out = json.loads(r.stdout or "{}")
    assert out, (r.stdout, r.stderr)
    assert sum(out["bytes"].values()) <= bound, out  # all three share the one quota
    assert out["files"] <= scratch_inodes(bound), out
    assert out["memfd"] == os.strerror(1), out


def test_a_sigkill_while_the_host_ran_out_of_memory_is_never_the_jobs_memory_fault() -> None:
    """The host OOM killer may pick a job that stayed within its own limits: its unexplained SIGKILL is
    `host_oom`, which the runner turns into a grader fault (retried), never a `memory` zero. (No test
    can exhaust this shared host's memory on purpose: the decision is checked on the result.)"""
    from autograder.grade.run.job import crash_status as _crash_status
    from autograder.model import GraderFault
    from autograder.sandbox.outcome import host_oom_kills, infer_limit

    assert host_oom_kills() >= 0  # the kernel reports its OOM kills here
    limits = Limits()
    args = (limits, False, None, signal.SIGKILL, 1.0, False, "", False)
    assert infer_limit(*args) == "memory"  # no OOM kill on the host meanwhile: the job's own
    assert infer_limit(*args, host_oom=True) == "host_oom"
    assert infer_limit(limits, False, None, signal.SIGKILL, 1.0, True, "", False, host_oom=True) is None
    result = SandboxResult(exit_code=None, signal=signal.SIGKILL, timed_out=False, limit="host_oom",
                           wall_s=1.0, stdout="", stderr="", output_truncated=False, cpu_s=1.0,
                           max_rss_bytes=2**20, killed=False, mode="bwrap", message="")  # fmt: skip
    with pytest.raises(GraderFault, match="OOM"):
        _crash_status(result)
