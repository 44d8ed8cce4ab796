"""The child's second seccomp filter: no new socket connection once the observation stream is up.

The launcher's filter allows AF_UNIX sockets (the observation stream is one, and Python, IPython and
XLA make socketpairs), and neither it nor Landlock can tell a job's own socket from a host's: a
path-named AF_UNIX socket outside the job (PostgreSQL, dbus, journald, a container engine) accepts a
`connect()` from any uid its modes let in. So the child, right after it connected to the parent's
socket and before any student code runs, stacks this filter (x86_64; the launcher set NoNewPrivs):

- `connect` fails with EPERM (stream and datagram sockets alike);
- `sendto` with a destination address fails with EPERM (a datagram socket reaches a named socket
  without `connect`); `send`, which libc makes `sendto(..., NULL, 0)`, still works;
- `sendmsg` and `sendmmsg` fail with EPERM (their destination is behind a pointer seccomp cannot
  read); the stream writer uses `write`.

Seccomp filters are inherited by every thread started later, by fork and across exec, and cannot be
removed, so nothing the student starts can connect either. Standard library only (ctypes).
"""

from __future__ import annotations

import ctypes
import errno
import platform
import struct

AUDIT_ARCH_X86_64 = 0xC000003E
NR = {"connect": 42, "sendto": 44, "sendmsg": 46, "sendmmsg": 307}
OFF_NR, OFF_ARCH = 0, 4
OFF_ARG4_LO, OFF_ARG4_HI = 16 + 4 * 8, 16 + 4 * 8 + 4  # struct seccomp_data.args[4] (little endian)
LD_W_ABS, JEQ_K, RET_K = 0x20, 0x15, 0x06
RET_ALLOW, RET_EPERM = 0x7FFF0000, 0x00050000 | errno.EPERM
PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 22, 2


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def build_filter() -> bytes:
    """Packed `struct sock_filter` entries; jump offsets are counted by hand (the program is short)."""
    prog = [
        (LD_W_ABS, 0, 0, OFF_ARCH),
        (JEQ_K, 1, 0, AUDIT_ARCH_X86_64),
        (RET_K, 0, 0, RET_ALLOW),  # another ABI: the launcher's filter already kills it
        (LD_W_ABS, 0, 0, OFF_NR),
        (JEQ_K, 4, 0, NR["connect"]),  # -> eperm
        (JEQ_K, 3, 0, NR["sendmsg"]),
        (JEQ_K, 2, 0, NR["sendmmsg"]),
        (JEQ_K, 2, 0, NR["sendto"]),  # -> dest check
        (RET_K, 0, 0, RET_ALLOW),
        (RET_K, 0, 0, RET_EPERM),  # eperm
        (LD_W_ABS, 0, 0, OFF_ARG4_LO),  # dest check: sendto's dest_addr must be NULL
        (JEQ_K, 0, 3, 0),
        (LD_W_ABS, 0, 0, OFF_ARG4_HI),
        (JEQ_K, 0, 1, 0),
        (RET_K, 0, 0, RET_ALLOW),
        (RET_K, 0, 0, RET_EPERM),
    ]
    return b"".join(struct.pack("HBBI", *ins) for ins in prog)


def forbid_new_connections() -> bool:
    """Install the filter in this process (and everything it starts later). False on a machine the
    filter is not written for (not x86_64); OSError when the kernel refuses it."""
    if platform.machine() != "x86_64":
        return False
    code = build_filter()
    buf = ctypes.create_string_buffer(code, len(code))
    fprog = _SockFprog(len(code) // 8, ctypes.cast(buf, ctypes.c_void_p))
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"seccomp (no new connections): {errno.errorcode.get(err, err)}")
    return True
