"""Launcher of one sandboxed program (trusted; runs as root just before the untrusted code).

Run by `autograder.sandbox` as `python -I -S sandbox_exec.py [options] -- argv...`, inside bwrap or
directly (container mode). It uses the standard library only and imports nothing from `autograder`,
because inside bwrap it is bound alone at /sandbox/.exec/.

It forks once. The child becomes the program, in the launcher's fresh session and process group:
rlimits (soft = hard, set while still root so the uid switch cannot undo them), no capabilities
(bounding set emptied, then setresuid to an unprivileged uid with no supplementary groups),
PR_SET_NO_NEW_PRIVS, PR_SET_PDEATHSIG, the seccomp filter below, every fd but 0-2 closed, execvpe.
The parent stays root, out of the program's reach (another uid: it cannot be signalled or ptraced),
waits for the child and writes its exact wait status and rusage as JSON lines on --status-fd:

    {"event": "started", "pid": int}                 exec succeeded (close-on-exec pipe hit EOF)
    {"event": "fault", "message": str}               setup or exec failed: a sandbox fault
    {"event": "exited", "status": int, "utime_s": float, "stime_s": float, "maxrss_kib": int}

`--kill-uid` is the other job: become that uid and kill(-1, SIGKILL), which reaches every process
the uid owns (used by container mode to remove what a job left behind; the uid must be dedicated).

Seccomp (x86_64 only, anything else is refused): the filter kills the process on a foreign
architecture (i386/x32 ABIs) and returns EPERM for: socket() except AF_UNIX, ptrace,
process_vm_readv/writev, mount and the new mount API, umount2, pivot_root, chroot, unshare, setns,
clone() with any CLONE_NEW* flag, kexec_load/kexec_file_load, bpf, perf_event_open, keyctl,
add_key, request_key, io_uring_* (it would bypass the socket rule), userfaultfd, module loading,
reboot, swapon/swapoff, personality() other than the harmless values Docker also allows. clone3()
gets ENOSYS (its flags are behind a pointer seccomp cannot read; libc then falls back to clone()).
"""

from __future__ import annotations

import argparse
import ctypes
import errno
import json
import os
import platform
import resource
import signal
import struct
import sys
import warnings  # noqa: F401 - os.get_exec_path imports it lazily; after the uid switch the stdlib may be unreadable

# --- seccomp ---------------------------------------------------------------------------------

AUDIT_ARCH_X86_64 = 0xC000003E
X32_SYSCALL_BIT = 0x40000000

# x86_64 syscall numbers (arch/x86/entry/syscalls/syscall_64.tbl).
NR = {
    "socket": 41, "clone": 56, "ptrace": 101, "syslog": 103, "uselib": 134, "personality": 135,
    "pivot_root": 155, "chroot": 161, "acct": 163, "mount": 165, "umount2": 166, "swapon": 167,
    "swapoff": 168, "reboot": 169, "iopl": 172, "ioperm": 173, "init_module": 175,
    "delete_module": 176, "add_key": 248, "request_key": 249, "keyctl": 250, "kexec_load": 246,
    "unshare": 272, "perf_event_open": 298, "name_to_handle_at": 303, "open_by_handle_at": 304,
    "setns": 308, "process_vm_readv": 310, "process_vm_writev": 311, "finit_module": 313,
    "kexec_file_load": 320, "bpf": 321, "userfaultfd": 323, "io_uring_setup": 425,
    "io_uring_enter": 426, "io_uring_register": 427, "open_tree": 428, "move_mount": 429,
    "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433, "clone3": 435,
    "mount_setattr": 442,
}
DENIED = [name for name in NR if name not in ("socket", "clone", "clone3", "personality")]
AF_UNIX = 1
CLONE_NEW_FLAGS = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000
PERSONALITY_ALLOWED = (0x0, 0x8, 0x20000, 0x20008, 0xFFFFFFFF)

# classic BPF opcodes
LD_W_ABS = 0x20
JEQ_K = 0x15
JGE_K = 0x35
JSET_K = 0x45
RET_K = 0x06
SECCOMP_RET_KILL_PROCESS = 0x80000000
SECCOMP_RET_ERRNO = 0x00050000
SECCOMP_RET_ALLOW = 0x7FFF0000
OFF_NR, OFF_ARCH, OFF_ARG0 = 0, 4, 16  # struct seccomp_data; arg0's low 32 bits (little endian)


def build_filter() -> bytes:
    """The filter as packed `struct sock_filter` entries (jumps are resolved from labels)."""
    prog: list[tuple] = []  # (code, jt, jf, k) where jt/jf may be label names

    def ins(code: int, k: int, jt: int | str = 0, jf: int | str = 0) -> None:
        prog.append((code, jt, jf, k))

    ins(LD_W_ABS, OFF_ARCH)
    ins(JEQ_K, AUDIT_ARCH_X86_64, 0, "kill")
    ins(LD_W_ABS, OFF_NR)
    ins(JGE_K, X32_SYSCALL_BIT, "kill", 0)
    ins(JEQ_K, NR["socket"], "socket", 0)
    ins(JEQ_K, NR["clone"], "clone", 0)
    ins(JEQ_K, NR["clone3"], "enosys", 0)
    ins(JEQ_K, NR["personality"], "personality", 0)
    for name in DENIED:
        ins(JEQ_K, NR[name], "eperm", 0)
    ins(RET_K, SECCOMP_RET_ALLOW)
    labels = {"socket": len(prog)}
    ins(LD_W_ABS, OFF_ARG0)
    ins(JEQ_K, AF_UNIX, "allow", "eperm")
    labels["clone"] = len(prog)
    ins(LD_W_ABS, OFF_ARG0)
    ins(JSET_K, CLONE_NEW_FLAGS, "eperm", "allow")
    labels["personality"] = len(prog)
    ins(LD_W_ABS, OFF_ARG0)
    for value in PERSONALITY_ALLOWED:
        ins(JEQ_K, value, "allow", 0)
    labels["eperm"] = len(prog)
    ins(RET_K, SECCOMP_RET_ERRNO | errno.EPERM)
    labels["enosys"] = len(prog)
    ins(RET_K, SECCOMP_RET_ERRNO | errno.ENOSYS)
    labels["allow"] = len(prog)
    ins(RET_K, SECCOMP_RET_ALLOW)
    labels["kill"] = len(prog)
    ins(RET_K, SECCOMP_RET_KILL_PROCESS)

    out = bytearray()
    for pc, (code, jt, jf, k) in enumerate(prog):
        offs = [labels[j] - pc - 1 if isinstance(j, str) else j for j in (jt, jf)]
        assert all(0 <= o < 256 for o in offs), "jump out of range"
        out += struct.pack("HBBI", code, offs[0], offs[1], k)
    return bytes(out)


PR_SET_PDEATHSIG = 1
PR_CAPBSET_DROP = 24
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _prctl(libc: ctypes.CDLL, option: int, arg: int | ctypes.c_void_p = 0) -> None:
    if libc.prctl(option, arg, 0, 0, 0) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"prctl({option}): {os.strerror(err)}")


def install_seccomp(libc: ctypes.CDLL) -> None:
    if platform.machine() != "x86_64":
        raise OSError(errno.ENOSYS, f"seccomp filter only written for x86_64, not {platform.machine()}")
    code = build_filter()
    buf = ctypes.create_string_buffer(code, len(code))
    fprog = _SockFprog(len(code) // 8, ctypes.cast(buf, ctypes.c_void_p))
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"seccomp: {os.strerror(err)}")


# --- the two jobs ----------------------------------------------------------------------------

RLIMITS = {
    "as": resource.RLIMIT_AS, "cpu": resource.RLIMIT_CPU, "nproc": resource.RLIMIT_NPROC,
    "fsize": resource.RLIMIT_FSIZE, "nofile": resource.RLIMIT_NOFILE, "core": resource.RLIMIT_CORE,
    "stack": resource.RLIMIT_STACK,
}


def _parse_rlimit(text: str) -> tuple[int, int, int]:
    name, _, value = text.partition("=")
    soft, _, hard = value.partition(":")
    return RLIMITS[name], int(soft), int(hard or soft)


def _become(libc: ctypes.CDLL, uid: int, gid: int) -> None:
    """Empty the capability bounding set, then switch uid/gid (which clears every other set)."""
    last_cap = int(open("/proc/sys/kernel/cap_last_cap").read())
    for cap in range(last_cap + 1):
        _prctl(libc, PR_CAPBSET_DROP, cap)
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)


def _child(args: argparse.Namespace, err_w: int, launcher_pid: int) -> None:
    """Runs in the forked child; only returns by exec or by raising."""
    libc = _libc()  # no setsid(): the program stays in the launcher's fresh session and group, so
    # the parent can kill the group while the unreaped launcher keeps its id from being reused
    for text in args.rlimit:
        res, soft, hard = _parse_rlimit(text)
        resource.setrlimit(res, (soft, hard))
    if args.uid is not None:
        _become(libc, args.uid, args.gid)
    _prctl(libc, PR_SET_NO_NEW_PRIVS, 1)
    _prctl(libc, PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != launcher_pid:
        raise OSError(errno.ESRCH, "launcher died before exec")
    os.chdir(args.cwd)
    for sig in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGXCPU, signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    os.closerange(3, err_w)
    os.closerange(err_w + 1, 1 << 16)
    if args.seccomp:
        install_seccomp(libc)
    os.execvpe(args.argv[0], args.argv, os.environ)


def _emit(fd: int, **event: object) -> None:
    os.write(fd, (json.dumps(event) + "\n").encode())


def launch(args: argparse.Namespace) -> int:
    status_fd = args.status_fd
    os.set_inheritable(status_fd, False)
    _prctl(_libc(), PR_SET_PDEATHSIG, signal.SIGKILL)  # container mode: die with the grader
    launcher_pid = os.getpid()
    err_r, err_w = os.pipe()  # close-on-exec: EOF means the exec succeeded
    pid = os.fork()
    if pid == 0:
        try:
            os.close(err_r)
            os.close(status_fd)
            _child(args, err_w, launcher_pid)
            raise OSError(errno.EINVAL, "exec returned")
        except BaseException as exc:  # noqa: BLE001 - report any setup failure to the parent
            try:
                os.write(err_w, f"{type(exc).__name__}: {exc}".encode()[:4000])
            finally:
                os._exit(127)
    os.close(err_w)
    chunks = []
    while chunk := os.read(err_r, 4096):
        chunks.append(chunk)
    os.close(err_r)
    if chunks:
        os.waitpid(pid, 0)
        _emit(status_fd, event="fault", message=b"".join(chunks).decode(errors="replace"))
        return 1
    _emit(status_fd, event="started", pid=pid)
    _, status, ru = os.wait4(pid, 0)
    _emit(status_fd, event="exited", status=status, utime_s=ru.ru_utime, stime_s=ru.ru_stime,
          maxrss_kib=ru.ru_maxrss)
    return 0


def kill_uid(uid: int, gid: int) -> int:
    """Become `uid` and SIGKILL every process it owns (kill(-1) skips only the caller itself)."""
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    try:
        os.kill(-1, signal.SIGKILL)
    except ProcessLookupError:
        pass  # nothing left
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="sandbox_exec")
    parser.add_argument("--uid", type=int)
    parser.add_argument("--gid", type=int)
    parser.add_argument("--rlimit", action="append", default=[], help="name=soft[:hard]")
    parser.add_argument("--seccomp", action="store_true")
    parser.add_argument("--status-fd", type=int)
    parser.add_argument("--cwd", default=".")
    parser.add_argument("--kill-uid", action="store_true")
    parser.add_argument("argv", nargs="*")
    args = parser.parse_args(argv)
    if args.kill_uid:
        return kill_uid(args.uid, args.gid)
    if args.uid is not None and args.gid is None:
        parser.error("--uid needs --gid")
    if not args.argv or args.status_fd is None:
        parser.error("need --status-fd and a command")
    return launch(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
