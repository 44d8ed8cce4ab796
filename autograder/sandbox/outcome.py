"""What ended a sandboxed program, in plain words: the limit it hit and a one-line message (trusted
parent side; every mode builds its `SandboxResult` with these)."""

from __future__ import annotations

import signal

from autograder.sandbox.base import Limits
from autograder.sandbox.quota import scratch_inodes

MEMORY_MARKERS = ("MemoryError", "std::bad_alloc", "Cannot allocate memory", "out of memory",
                  "Out of memory", "RESOURCE_EXHAUSTED")
FSIZE_MARKERS = ("File too large",)


def host_oom_kills() -> int:
    """How many processes the host's OOM killer has killed since boot (/proc/vmstat `oom_kill`; -1
    when the kernel does not say)."""
    try:
        with open("/proc/vmstat", encoding="ascii") as f:
            for line in f:
                if line.startswith("oom_kill "):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return -1


def infer_limit(limits: Limits, timed_out: bool, exit_code: int | None, sig: int | None, cpu: float | None,
                killed: bool, stderr: str, truncated: bool, host_oom: bool = False) -> str | None:
    """`SandboxResult.limit`: the limit the program most likely hit, from its end and its stderr.
    `host_oom`: the host's OOM killer killed some process while the program ran; an unexplained
    SIGKILL is then `host_oom` (the machine ran out of memory, not the job's own limit)."""
    if timed_out:
        return "wall"
    if sig == signal.SIGXCPU or (sig == signal.SIGKILL and not killed and (cpu or 0) >= limits.cpu_s - 0.5):
        return "cpu"
    if sig == signal.SIGKILL and not killed and host_oom:
        return "host_oom"
    failed = sig is not None or exit_code != 0
    tail = stderr[-65536:]
    if sig == signal.SIGXFSZ or (failed and any(m in tail for m in FSIZE_MARKERS)):
        return "fsize"
    if failed and (any(m in tail for m in MEMORY_MARKERS) or (sig == signal.SIGKILL and not killed)):
        return "memory"
    if truncated:
        return "output"
    return None


def describe(limits: Limits, exit_code: int | None, sig: int | None, limit: str | None, killed: bool,
             timed_out: bool, cpu: float | None, job_memory_bytes: int | None = None) -> str:
    """`SandboxResult.message`: one line for humans, e.g. "Exited with error status 1".
    `job_memory_bytes`: the job's cgroup OOM killer took one of the program's processes."""
    if timed_out:
        return f"Time limit exceeded (wall clock, {limits.wall_s:g} s)"
    if job_memory_bytes is not None:
        return f"Job memory limit exceeded ({job_memory_bytes // 2**20} MiB for all of the job's processes)"
    if limit == "disk":
        return (f"Scratch quota exceeded ({limits.scratch_bytes // 2**20} MiB or "
                f"{scratch_inodes(limits.scratch_bytes)} entries)")
    if killed:
        return "Killed by the grader"
    if limit == "cpu":
        return f"Time limit exceeded (CPU, {limits.cpu_s} s)"
    if sig is not None:
        text = f"Caught fatal signal {sig} ({signal.Signals(sig).name})" if sig in signal.Signals else \
            f"Caught fatal signal {sig}"
    elif exit_code:
        text = f"Exited with error status {exit_code}"
    else:
        text = "OK"
    hint = {"memory": f"memory limit ({limits.address_space_bytes // 2**20} MiB of address space)",
            "fsize": f"file size limit ({limits.fsize_bytes // 2**20} MiB)",
            "output": f"output truncated at {limits.output_bytes} bytes"}.get(limit or "")
    return f"{text}; {hint}" if hint else text
