"""The read-only library folder a sandboxed child imports from (PYTHONPATH), prepared by the parent.

It holds only the grader's child side (autograder/sandboxed/, under the package name CHILD_PACKAGE),
jaxcourse/ and kernels/, plus the probe of each exercise registered from outside the package (its
entry's `probe_file`, copied as `<CHILD_PACKAGE>/probes/<id>.py`: the child imports every probe by id
from there). Names the child reports back (the tripwire's labels) use CHILD_PACKAGE; `parent_names`
turns them into the parent's.
"""

from __future__ import annotations

import compileall
import hashlib
import os
import py_compile
import re
import shutil
import tempfile
from pathlib import Path

from autograder import registry

# The package name of autograder/sandboxed/ in the child. Student code shares the child's process: under
# its own name the package showed the grader in `sys.modules`, in every grader module's `__spec__`, in
# the library folder's listing and in the child's command line (issue 44, section 3). The child's
# `sys.argv` has the shape of ipykernel's, so a helper package of the kernel's is what a notebook would
# expect to find there; no distribution the grader installs has a module of that name (checked by
# tests/test_checks_context.py), so it shadows nothing. Its code imports itself only relatively.
CHILD_PACKAGE = "ipykernel_helpers"
PARENT_PACKAGE = "autograder.sandboxed"  # the same code in the parent (tests, the parent's own imports)
_CHILD_NAME = re.compile(rf"(?<![\w.]){CHILD_PACKAGE}(?=\.|\b)")


def parent_names(text: str) -> str:
    """`text` from the child (a tripwire label) with the child's module names as the parent's:
    `ipykernel_helpers.observe.Recorder.put` -> `autograder.sandboxed.observe.Recorder.put`."""
    return _CHILD_NAME.sub(PARENT_PACKAGE, text)


def _tree_files(source_root: Path, release_root: Path | None) -> dict[str, Path]:
    """Relative path in the child library -> file to copy."""
    sandboxed = source_root / "autograder" / "sandboxed"
    files: dict[str, Path] = {}
    for p in sorted(sandboxed.rglob("*.py")):
        files[f"{CHILD_PACKAGE}/{p.relative_to(sandboxed)}"] = p
    for folder in ("jaxcourse", "kernels"):
        base = release_root if release_root is not None and (release_root / folder).is_dir() else source_root
        for p in sorted((base / folder).rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".so"):
                files[str(p.relative_to(base))] = p
    for e in registry.entries():
        if e.probe_file:
            files[f"{CHILD_PACKAGE}/probes/{e.id}.py"] = Path(e.probe_file)
    return files


def prepare_child_library(dest_root: Path, release_root: Path | None) -> Path:
    """Content-addressed read-only copy of what the child may import; reused across jobs."""
    source_root = Path(__file__).resolve().parents[2]
    files = _tree_files(source_root, release_root)
    h = hashlib.sha256(b"with-bytecode\0")  # the layout (sources + bytecode) is part of the name
    for rel, p in files.items():
        h.update(rel.encode() + b"\0" + p.read_bytes() + b"\0")
    dest = dest_root / f"lib-{h.hexdigest()[:16]}"
    if dest.is_dir():
        return dest
    dest_root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".lib-", dir=dest_root))
    for rel, p in files.items():
        target = tmp / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(p, target)
    # Children run with -B and cannot write here, so without bytecode every child would compile
    # these sources again (about 50 ms of CPU each). Checked-hash bytecode is used only while it
    # matches its source's hash, so a copy whose sources are edited afterwards never runs stale code.
    compileall.compile_dir(tmp, quiet=2, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    for d in [tmp, *(p for p in tmp.rglob("*") if p.is_dir())]:
        os.chmod(d, 0o755)
    for p in tmp.rglob("*"):
        if p.is_file():
            os.chmod(p, 0o444)
    try:
        os.rename(tmp, dest)
    except OSError:  # another job made the same copy first
        shutil.rmtree(tmp, ignore_errors=True)
    return dest
