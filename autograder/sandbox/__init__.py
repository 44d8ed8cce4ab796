"""Run one command for untrusted code, every limit enforced from outside (trusted parent side).

One job, like isolate: start a command in a sandbox, enforce the limits, report in plain data what
happened. Two kinds of failure are never mixed: `SandboxFault` (raised: the sandbox failed, a grader
fault) and `SandboxResult` (returned: what the program did). Every mode's `start()` returns a
`Process` (poll, wait, kill, usage).

Modes (what each protects against is in docs/architecture.md, "Sandbox"):

- "bwrap"      bwrap.py      the host mode: bubblewrap namespaces + unprivileged uid + rlimits + seccomp
- "rlimit"     rlimit.py     inside a container, no namespaces: unprivileged uid + rlimits + seccomp +
                             Landlock + kill of every process of the uid afterwards
- "none"       none.py       `--unsafe-no-sandbox` only: rlimits and a process group, nothing else
- "container"  container.py  one container of the grader image per program (its own factory,
                             `make_container_sandbox`; imported on demand: it needs jaxcourse)

The parts, one job each:

- base.py       limits, mounts, the result, the fault, the `Process` and `Toolchain` protocols
- mode.py       `Sandbox`, the interface of every mode, and the launcher's command line
- hostview.py   what "rlimit" and "none" share: host paths, /sandbox/... paths rewritten
- supervise.py  one started program: status pipe, wall clock, disk watchdog, kill, result
- outcome.py    the limit a program hit and its one-line message
- capture.py    stdout and stderr, size-capped
- quota.py      the scratch folder's size-limited tmpfs
- usage.py      CPU and CPU-wait time and disk use, read from /proc
- launcher.py   the program run inside the sandbox before the untrusted code (stdlib only, runs alone)
- factory.py    `make_sandbox(mode, **options)`
"""

from autograder.sandbox.base import (
    DEFAULT_PATH,
    NOBODY,
    SCRATCH_TARGET,
    Limits,
    Mount,
    Process,
    SandboxFault,
    SandboxResult,
    Toolchain,
)
from autograder.sandbox.bwrap import BwrapSandbox
from autograder.sandbox.cgroup import JobCgroup, JobCgroups, host_cgroups
from autograder.sandbox.factory import make_sandbox
from autograder.sandbox.mode import EXEC_SOURCE, EXEC_TARGET, Sandbox
from autograder.sandbox.none import UnsafeNoSandbox
from autograder.sandbox.quota import ScratchQuota, scratch_inodes, scratch_quota
from autograder.sandbox.rlimit import RlimitSandbox
from autograder.sandbox.supervise import SandboxedProcess

__all__ = [
    "DEFAULT_PATH",
    "EXEC_SOURCE",
    "EXEC_TARGET",
    "NOBODY",
    "SCRATCH_TARGET",
    "BwrapSandbox",
    "JobCgroup",
    "JobCgroups",
    "Limits",
    "Mount",
    "Process",
    "RlimitSandbox",
    "Sandbox",
    "SandboxFault",
    "SandboxResult",
    "SandboxedProcess",
    "ScratchQuota",
    "Toolchain",
    "UnsafeNoSandbox",
    "host_cgroups",
    "make_sandbox",
    "scratch_inodes",
    "scratch_quota",
]
