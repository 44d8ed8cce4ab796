"""Launcher of one sandboxed program (trusted; runs as root just before the untrusted code).

Run by the modes of `autograder.sandbox` as `python -I -S launcher.py [options] -- argv...`, inside
bwrap or a container (where it is /sandbox/.exec/sandbox_exec.py) or directly (rlimit, none). It uses
the standard library only and imports nothing from `autograder`, because inside bwrap it is bound
alone at /sandbox/.exec/.

It forks once (as a child subreaper, so the program's orphans are reaped here and their CPU time
stays in this process's children's rusage, which the parent reads from /proc while the program
runs). The child becomes the program, in the launcher's fresh session and process group:
rlimits (soft = hard, set while still root so the uid switch cannot undo them), no capabilities
(bounding set emptied, then setresuid to an unprivileged uid with no supplementary groups),
PR_SET_NO_NEW_PRIVS, Landlock when --writable is given (rlimit mode: file-system changes only beneath
those folders; abstract AF_UNIX sockets and signals scoped to the program's own domain), with
--private-proc (rlimit mode, as root) a mount namespace whose /proc shows only the program's uid,
PR_SET_PDEATHSIG, the seccomp filter below, every fd but 0-2 closed, execvpe.
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
reboot, swapon/swapoff, SysV IPC and POSIX message queues (shared by every uid without an IPC
namespace), setpriority/sched_setscheduler/sched_setattr (a job must not starve itself on purpose),
personality() other than the harmless values Docker also allows. clone3()
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
# The filter is an allowlist: ALLOWED (what Python, JAX/XLA, IPython, clang and the child were seen
# to call, see docs/architecture.md "Seccomp allowlist", plus their usual relatives so that ordinary
# library code keeps working), the argument-checked special cases below, EPERM for everything else.
# DENIED documents what is refused on purpose (tests/test_sandbox.py checks it stays refused).
ALLOWED = {
    # files
    "read": 0, "write": 1, "open": 2, "openat": 257, "close": 3, "close_range": 436, "creat": 85, "stat": 4,
    "fstat": 5, "lstat": 6, "newfstatat": 262, "statx": 332, "statfs": 137, "fstatfs": 138, "lseek": 8,
    "pread64": 17, "pwrite64": 18, "readv": 19, "writev": 20, "preadv": 295, "pwritev": 296, "preadv2": 327,
    "pwritev2": 328, "access": 21, "faccessat": 269, "faccessat2": 439, "getdents": 78, "getdents64": 217,
    "getcwd": 79, "chdir": 80, "fchdir": 81, "mkdir": 83, "mkdirat": 258, "rmdir": 84, "rename": 82,
    "renameat": 264, "renameat2": 316, "link": 86, "linkat": 265, "unlink": 87, "unlinkat": 263,
    "symlink": 88, "symlinkat": 266, "readlink": 89, "readlinkat": 267, "chmod": 90, "fchmod": 91,
    "fchmodat": 268, "fchmodat2": 452, "chown": 92, "fchown": 93, "lchown": 94, "fchownat": 260,
    "umask": 95, "truncate": 76, "ftruncate": 77, "fallocate": 285, "fsync": 74, "fdatasync": 75,
    "sync_file_range": 277, "fadvise64": 221, "readahead": 187, "utime": 132, "utimes": 235,
    "utimensat": 280, "futimesat": 261, "mknod": 133, "mknodat": 259, "flock": 73, "fcntl": 72, "ioctl": 16,
    "dup": 32, "dup2": 33, "dup3": 292, "pipe": 22, "pipe2": 293, "sendfile": 40, "splice": 275, "tee": 276,
    "copy_file_range": 326, "getxattr": 191, "lgetxattr": 192, "fgetxattr": 193, "listxattr": 194,
    "llistxattr": 195, "flistxattr": 196, "inotify_init": 253, "inotify_init1": 294,
    "inotify_add_watch": 254, "inotify_rm_watch": 255,
    # memory
    "brk": 12, "mmap": 9, "munmap": 11, "mprotect": 10, "mremap": 25, "madvise": 28, "msync": 26,
    "mincore": 27, "membarrier": 324, "get_mempolicy": 239, "set_mempolicy": 238, "mbind": 237,
    # processes and threads
    "fork": 57, "vfork": 58, "execve": 59, "execveat": 322, "exit": 60, "exit_group": 231,
    "wait4": 61, "waitid": 247, "kill": 62, "tkill": 200, "tgkill": 234, "getpid": 39, "getppid": 110,
    "gettid": 186, "getuid": 102, "geteuid": 107, "getgid": 104, "getegid": 108, "getgroups": 115,
    "getresuid": 118, "getresgid": 120, "getpgrp": 111, "getpgid": 121, "setpgid": 109, "getsid": 124,
    "setsid": 112, "prctl": 157, "arch_prctl": 158, "set_tid_address": 218, "set_robust_list": 273,
    "get_robust_list": 274, "rseq": 334, "futex": 202, "futex_waitv": 449, "sched_yield": 24,
    "sched_getaffinity": 204, "sched_getparam": 143, "sched_getscheduler": 145,
    "sched_get_priority_max": 146, "sched_get_priority_min": 147, "sched_rr_get_interval": 148,
    "getpriority": 140, "getrlimit": 97, "setrlimit": 160, "prlimit64": 302, "getrusage": 98, "times": 100,
    "sysinfo": 99, "uname": 63, "capget": 125, "getcpu": 309, "pidfd_open": 434, "restart_syscall": 219,
    # time
    "clock_gettime": 228, "clock_getres": 229, "clock_nanosleep": 230, "nanosleep": 35, "gettimeofday": 96,
    "time": 201, "timer_create": 222, "timer_settime": 223, "timer_gettime": 224, "timer_getoverrun": 225,
    "timer_delete": 226, "timerfd_create": 283, "timerfd_settime": 286, "timerfd_gettime": 287, "alarm": 37,
    "setitimer": 38, "getitimer": 36,
    # signals
    "rt_sigaction": 13, "rt_sigprocmask": 14, "rt_sigreturn": 15, "rt_sigsuspend": 130,
    "rt_sigpending": 127, "rt_sigtimedwait": 128, "rt_sigqueueinfo": 129, "rt_tgsigqueueinfo": 297,
    "sigaltstack": 131, "signalfd": 282, "signalfd4": 289, "pause": 34,
    # waiting on fds
    "poll": 7, "ppoll": 271, "select": 23, "pselect6": 270, "epoll_create": 213, "epoll_create1": 291,
    "epoll_ctl": 233, "epoll_wait": 232, "epoll_pwait": 281, "epoll_pwait2": 441, "eventfd": 284,
    "eventfd2": 290,
    # sockets (socket/socketpair: AF_UNIX only)
    "bind": 49, "listen": 50, "accept": 43, "accept4": 288, "connect": 42,
    "getsockname": 51, "getpeername": 52, "sendto": 44, "recvfrom": 45, "sendmsg": 46, "recvmsg": 47,
    "sendmmsg": 307, "recvmmsg": 299, "shutdown": 48, "setsockopt": 54, "getsockopt": 55,
    # misc
    "getrandom": 318,
}
SPECIAL = {"socket": 41, "socketpair": 53, "clone": 56, "clone3": 435, "personality": 135}
DENIED = {
    "ptrace": 101, "syslog": 103, "uselib": 134, "pivot_root": 155, "chroot": 161, "acct": 163,
    "mount": 165, "umount2": 166, "swapon": 167, "swapoff": 168, "reboot": 169, "iopl": 172,
    "ioperm": 173, "init_module": 175, "delete_module": 176, "add_key": 248, "request_key": 249,
    "keyctl": 250, "kexec_load": 246, "unshare": 272, "perf_event_open": 298, "name_to_handle_at": 303,
    "open_by_handle_at": 304, "setns": 308, "process_vm_readv": 310, "process_vm_writev": 311,
    "finit_module": 313, "kexec_file_load": 320, "bpf": 321, "userfaultfd": 323, "io_uring_setup": 425,
    "io_uring_enter": 426, "io_uring_register": 427, "open_tree": 428, "move_mount": 429, "fsopen": 430,
    "fsconfig": 431, "fsmount": 432, "fspick": 433, "mount_setattr": 442, "pidfd_getfd": 438,
    # SysV IPC and POSIX message queues outlive a process and are shared by every uid of the host
    # (rlimit mode has no IPC namespace): no job may create or reach them
    "shmget": 29, "shmat": 30, "shmctl": 31, "semget": 64, "semop": 65, "semctl": 66, "shmdt": 67,
    "msgget": 68, "msgsnd": 69, "msgrcv": 70, "msgctl": 71, "semtimedop": 220, "mq_open": 240,
    "mq_unlink": 241, "mq_timedsend": 242, "mq_timedreceive": 243, "mq_notify": 244, "mq_getsetattr": 245,
    # a job that lowers its own priority or pins itself to a busy CPU would be starved on purpose
    # (grade/timing.py: a grader fault)
    "setpriority": 141, "sched_setscheduler": 144, "sched_setattr": 314, "sched_setaffinity": 203,
    "ioprio_set": 251,
    # identity: the launcher already switched; nothing may switch again
    "setuid": 105, "setgid": 106, "setreuid": 113, "setregid": 114, "setgroups": 116, "setresuid": 117,
    "setresgid": 119, "setfsuid": 122, "setfsgid": 123, "capset": 126,
    # anonymous files are memory outside RLIMIT_AS and outside every quota (memfd_create + fallocate
    # held 2 GiB beyond the limit); nothing the grader runs needs one (never seen by strace)
    "memfd_create": 319, "memfd_secret": 447,
}
assert not (ALLOWED.keys() & DENIED.keys()) and not (ALLOWED.keys() & SPECIAL.keys())
# checked first: the calls a program makes most often (seen with strace -c)
HOT = ("futex", "read", "write", "mmap", "munmap", "close", "openat", "newfstatat", "fstat", "lseek",
       "poll", "epoll_wait", "mprotect", "madvise", "clock_gettime", "getpid", "rt_sigprocmask", "ioctl",
       "fcntl", "sched_yield", "pread64", "recvfrom", "sendto", "getdents64", "brk", "wait4")
AF_UNIX = 1
CLONE_NEW_FLAGS = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000
PERSONALITY_ALLOWED = (0x0, 0x8, 0x20000, 0x20008, 0xFFFFFFFF)

# classic BPF opcodes
LD_W_ABS = 0x20
JA = 0x05
JEQ_K = 0x15
JGE_K = 0x35
JSET_K = 0x45
RET_K = 0x06
SECCOMP_RET_KILL_PROCESS = 0x80000000
SECCOMP_RET_ERRNO = 0x00050000
SECCOMP_RET_ALLOW = 0x7FFF0000
OFF_NR, OFF_ARCH, OFF_ARG0 = 0, 4, 16  # struct seccomp_data; arg0's low 32 bits (little endian)


def build_filter() -> bytes:
    """The filter as packed `struct sock_filter` entries (jumps are resolved from labels). Layout: the
    architecture checks, the special cases and their verdicts (short jumps), then one `jeq nr; ret
    ALLOW` pair per allowed call (hot ones first), then EPERM."""
    prog: list[tuple] = []  # (code, jt, jf, k) where jt/jf (and k of JA) may be label names

    def ins(code: int, k: int | str, jt: int | str = 0, jf: int | str = 0) -> None:
        prog.append((code, jt, jf, k))

    ins(LD_W_ABS, OFF_ARCH)
    ins(JEQ_K, AUDIT_ARCH_X86_64, 0, "kill")
    ins(LD_W_ABS, OFF_NR)
    ins(JGE_K, X32_SYSCALL_BIT, "kill", 0)
    ins(JEQ_K, SPECIAL["socket"], "socket", 0)
    ins(JEQ_K, SPECIAL["socketpair"], "socket", 0)
    ins(JEQ_K, SPECIAL["clone"], "clone", 0)
    ins(JEQ_K, SPECIAL["clone3"], "enosys", 0)
    ins(JEQ_K, SPECIAL["personality"], "personality", 0)
    ins(JA, "allowlist")
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
    labels["allowlist"] = len(prog)
    for name in [*HOT, *(n for n in ALLOWED if n not in HOT)]:
        ins(JEQ_K, ALLOWED[name], 0, 1)
        ins(RET_K, SECCOMP_RET_ALLOW)
    ins(RET_K, SECCOMP_RET_ERRNO | errno.EPERM)

    out = bytearray()
    for pc, (code, jt, jf, k) in enumerate(prog):
        offs = [labels[j] - pc - 1 if isinstance(j, str) else j for j in (jt, jf)]
        assert all(0 <= o < 256 for o in offs), "jump out of range"
        if isinstance(k, str):  # JA: a 32-bit offset
            k = labels[k] - pc - 1
        out += struct.pack("HBBI", code, offs[0], offs[1], k)
    return bytes(out)


# --- Landlock ---------------------------------------------------------------------------------

NR_LANDLOCK_CREATE_RULESET, NR_LANDLOCK_ADD_RULE, NR_LANDLOCK_RESTRICT_SELF = 444, 445, 446
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1
FS_WRITE_FILE, FS_TRUNCATE = 1 << 1, 1 << 14
# Every right that changes the file system (ABI 1: remove/make; 2: refer = link/rename across folders;
# 3: truncate). Reading and executing stay governed by file permissions alone.
FS_CHANGE_BY_ABI = {1: (1 << 1) | (1 << 4) | (1 << 5) | sum(1 << b for b in range(6, 13)), 2: 1 << 13,
                    3: FS_TRUNCATE}
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1, 2  # ABI 6
# Writable outside scratch: the character devices a program opens for writing, and /proc (thread
# names: pthread_setname_np writes /proc/self/task/<tid>/comm); files only, nothing can be created.
WRITABLE_FILES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/tty")
WRITABLE_BENEATH = ("/proc",)


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def landlock_abi(libc: ctypes.CDLL) -> int:
    """The kernel's Landlock ABI version, 0 when it has none (or a filter refuses the call)."""
    version = libc.syscall(ctypes.c_long(NR_LANDLOCK_CREATE_RULESET), None, ctypes.c_size_t(0),
                           ctypes.c_uint32(LANDLOCK_CREATE_RULESET_VERSION))
    return max(0, version)


def install_landlock(libc: ctypes.CDLL, writable: list[str]) -> int:
    """Confine the program's file-system changes to `writable` folders (plus WRITABLE_FILES and
    /proc) and, from ABI 6, scope abstract AF_UNIX sockets and signals to its own domain, so
    concurrent jobs of one machine cannot reach each other through /dev/shm, /tmp or an abstract
    socket. Returns the ABI used (0: the kernel has no Landlock, nothing done)."""
    abi = landlock_abi(libc)
    if abi <= 0:
        return 0
    change = sum(bits for level, bits in FS_CHANGE_BY_ABI.items() if level <= abi)
    scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0
    attr = _RulesetAttr(change, 0, scoped)
    size = ctypes.sizeof(attr) if abi >= 6 else 16  # older kernels reject the `scoped` field
    fd = libc.syscall(ctypes.c_long(NR_LANDLOCK_CREATE_RULESET), ctypes.byref(attr), ctypes.c_size_t(size),
                      ctypes.c_uint32(0))
    if fd < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"landlock_create_ruleset: {os.strerror(err)}")
    try:
        file_rights = FS_WRITE_FILE | (FS_TRUNCATE if abi >= 3 else 0)
        rules = [(p, change) for p in writable]
        rules += [(p, file_rights) for p in (*WRITABLE_FILES, *WRITABLE_BENEATH)]
        for path, rights in rules:
            try:
                target = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # e.g. no /dev/tty: nothing to allow
            try:
                rule = _PathBeneathAttr(rights if os.path.isdir(path) else rights & file_rights, target)
                if libc.syscall(ctypes.c_long(NR_LANDLOCK_ADD_RULE), ctypes.c_int(fd),
                                ctypes.c_int(LANDLOCK_RULE_PATH_BENEATH), ctypes.byref(rule),
                                ctypes.c_uint32(0)):
                    err = ctypes.get_errno()
                    raise OSError(err, f"landlock_add_rule {path}: {os.strerror(err)}")
            finally:
                os.close(target)
        if libc.syscall(ctypes.c_long(NR_LANDLOCK_RESTRICT_SELF), ctypes.c_int(fd), ctypes.c_uint32(0)):
            err = ctypes.get_errno()
            raise OSError(err, f"landlock_restrict_self: {os.strerror(err)}")
    finally:
        os.close(fd)
    return abi


# --- a /proc that shows only the program's own uid (rlimit mode) -------------------------------

CLONE_NEWNS = 0x00020000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE = 2, 4, 8, 16384, 1 << 18


def private_proc(libc: ctypes.CDLL) -> str | None:
    """A mount namespace of the program's own whose /proc is a fresh procfs with
    `hidepid=invisible`: the program sees only the processes of its own (dedicated) uid, so neither
    the grader's command line nor other jobs' `cmdline`, `environ` or `status`. Runs as root, before
    the uid switch. None when done; otherwise why not (e.g. a container that refuses mounts): the
    program then sees the container's /proc."""
    if libc.unshare(CLONE_NEWNS) != 0:
        return f"unshare(CLONE_NEWNS): {os.strerror(ctypes.get_errno())}"
    if libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None) != 0:  # nothing leaks back to the host
        raise OSError(ctypes.get_errno(), "mount --make-rprivate /")
    if libc.mount(b"proc", b"/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, b"hidepid=invisible") != 0:
        err = ctypes.get_errno()
        if err in (errno.EPERM, errno.EACCES):
            return f"mount proc hidepid=invisible: {os.strerror(err)}"
        raise OSError(err, f"mount proc hidepid=invisible: {os.strerror(err)}")
    return None


PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
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
    if args.private_proc and os.geteuid() == 0:
        private_proc(libc)  # where refused (an unprivileged container), its own /proc stands
    if args.uid is not None:
        _become(libc, args.uid, args.gid)
    _prctl(libc, PR_SET_NO_NEW_PRIVS, 1)
    if args.writable:
        install_landlock(libc, args.writable)
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
    # Orphans of the program are reaped here, so their CPU time stays in this process's rusage of
    # children, which the parent reads from /proc while the program runs (autograder/sandbox/usage.py).
    _prctl(_libc(), PR_SET_CHILD_SUBREAPER, 1)
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
    while True:  # reaps adopted orphans along the way; ends with the program itself
        got, status, ru = os.wait4(-1, 0)
        if got == pid:
            break
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
    parser.add_argument("--writable", action="append", default=[],
                        help="Landlock: the program may change files only beneath these folders")
    parser.add_argument("--private-proc", action="store_true",
                        help="own mount namespace with a /proc showing only the program's uid")
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
