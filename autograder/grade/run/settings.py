"""How the runner grades (`RunSettings`) and the seed each exercise's inputs are drawn from."""

from __future__ import annotations

import dataclasses
import hashlib
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Sandbox uids: gradings take theirs from GRADING_UIDS (or a test's own range), the trusted warm-cache
# fill from TRUSTED_FILL_UIDS only, so no student program ever runs under a uid a trusted run uses.
GRADING_UIDS = tuple(range(65000, 65064))
TRUSTED_FILL_UIDS = tuple(range(64900, 64964))
# The kernel child of the job holding uid U runs as U + KERNEL_UID_OFFSET (bwrap mode, where it runs
# beside the notebook child): RLIMIT_NPROC counts per uid, so a library constructor that forks to the
# limit cannot keep the notebook child from starting its threads. U is the job's alone (its flock), so
# is U + KERNEL_UID_OFFSET: no pool reaches that range (checked in RunSettings).
KERNEL_UID_OFFSET = 2000


@dataclass(frozen=True)
class RunSettings:
    """How the runner grades (built by `jaxgrade grade` via `from_options`, or directly by tests)."""

    isolation: str = "bwrap"  # sandbox mode: "bwrap" | "rlimit" | "none" (needs unsafe_no_sandbox)
    unsafe_no_sandbox: bool = False
    exercises: tuple[str, ...] | None = None  # grade only these ids (others are left out of the result)
    timeout_scale: float = 1.0  # multiplies every time limit
    build_cache: Path = Path(tempfile.gettempdir()) / "jaxgrade-build-cache"  # shared by all students
    scratch_root: Path = Path(tempfile.gettempdir()) / "jaxgrade-scratch"  # per-job folders, deleted after
    hidden: tuple[Path, ...] = ()  # more host paths to cover in the sandbox (submissions, outputs)
    seed_policy: str = "content"  # "content": sha256(release, exercise, submission); "fixed": fixed_seed
    fixed_seed: int = 0
    startup_timeout_s: float = 120.0  # child start to "ready" (import jax + release setup cells)
    build_timeout_s: float = 120.0
    address_space_bytes: int = 8 * 2**30  # RLIMIT_AS of children (JAX reserves ~4 GiB)
    # the whole job's memory (its cgroup, sandbox/cgroup.py: children, kernel builds, scratch tmpfs pages)
    job_memory_bytes: int = 4 * 2**30
    build_address_space_bytes: int = 4 * 2**30
    uids: tuple[int, ...] = GRADING_UIDS  # one per concurrent job (RLIMIT_NPROC is per uid)
    child_library: Path | None = None  # a prepared library folder (tests add dummy probes); None: built
    python: str = sys.executable
    engine: str | None = None  # isolation "container": "podman" | "docker" (None: podman when installed)
    image: str | None = None  # isolation "container": grader image (None: JAXGRADE_IMAGE or the default)
    # trusted XLA compile cache (grade/compile_cache.py): read-only in children; written only by the
    # trusted fill runs of release/compile_cache.py (compile_cache_fill=True)
    compile_cache: Path | None = None
    compile_cache_fill: bool = False
    # the structure pool entry of every exercise's inputs (exercises/structure_pool.py); None: the
    # fresh seed picks it. The warm-cache fill forces each entry in turn.
    structure_index: int | None = None
    # where each exercise's per-check profile goes (grade/run/probe_profile.py); None: not kept
    profile_dir: Path | None = None
    # grade a submission's chapters at the same time, each in a job (uid, folder) of its own; only with
    # bwrap or container isolation (grade/run/submission.py; measured in docs/performance.md)
    chapters_at_once: bool = False
    # XLA_FLAGS of every sandboxed child ("" leaves it unset, the default). sandboxed/xla_flags.py's
    # FAST_COMPILE_XLA_FLAGS saves about a fifth of the probes' CPU, but changes float32 rounding, and
    # with it one sub-check of a rounding-dependent wrong corpus answer (docs/performance.md, §7).
    # A trusted compile cache hits only when its fill ran with the same flags (they are in every key).
    child_xla_flags: str = ""
    # the grading run's fingerprints for the similarity report: the child's jaxpr tap and the kernel
    # build's IR step (its cost is measured in docs/similarity.md); off: the result has neither
    behaviour: bool = True

    def __post_init__(self) -> None:
        trusted = set(self.uids) & set(TRUSTED_FILL_UIDS)
        if self.compile_cache_fill and trusted != set(self.uids):
            raise ValueError("a trusted compile-cache fill runs only under TRUSTED_FILL_UIDS")
        if not self.compile_cache_fill and trusted:
            raise ValueError(f"uids {sorted(trusted)[:3]}... belong to the trusted compile-cache fill")
        pools = set(self.uids) | set(GRADING_UIDS) | set(TRUSTED_FILL_UIDS)
        if clash := sorted(pools & {self.kernel_uid(u) for u in self.uids}):
            raise ValueError(f"kernel child uids {clash[:3]}... are in a uid pool (KERNEL_UID_OFFSET)")

    @staticmethod
    def kernel_uid(uid: int) -> int:
        """The uid of the kernel child of the job holding `uid` (bwrap mode)."""
        return uid + KERNEL_UID_OFFSET

    @classmethod
    def from_options(cls, **values: Any) -> RunSettings:
        """From `jaxgrade grade` options; unknown or None values keep the defaults."""
        names = {f.name for f in dataclasses.fields(cls)}
        kwargs = {k: v for k, v in values.items() if k in names and v is not None}
        if "exercises" in kwargs:
            kwargs["exercises"] = tuple(kwargs["exercises"]) or None
        for key in ("build_cache", "scratch_root", "compile_cache"):
            if key in kwargs:
                kwargs[key] = Path(kwargs[key])
        return cls(**kwargs)

    def scaled(self, seconds: float) -> float:
        return seconds * self.timeout_scale


def exercise_seed(release_version: str, exercise_id: str, content_hash: str) -> int:
    h = hashlib.sha256("\0".join((release_version, exercise_id, content_hash)).encode()).digest()
    return int.from_bytes(h[:4], "big")
