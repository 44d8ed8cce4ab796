"""Expected values the trusted parent computed once, remembered on the grader's disk (trusted side).

Some verdicts need the parent's own measurement of a program the release defines: the clean
compile count of a recompile sequence (a fresh Python process), the fusion counts of the fusion
cases (an XLA compilation), the primitive histogram of the histogram targets (a trace). Each is a
pure function of the exercise's JSON parameters, the grader's code and the installed JAX, so the
answer for one parameter set never changes; recomputing it costs a JAX import, a subprocess or a
compilation for every grading process (the service starts one per attempt).

`remembered(kind, params, compute)` returns `compute()`'s JSON value and keeps it:
- in this process, and
- in `<root>/<kind>-<sha256>.json`, where the key covers kind, params, the digest of the code that
  computes expected values (autograder/exercises, autograder/sandboxed, jaxcourse) and the jax and
  jaxlib versions: a changed grader or JAX never reads an old value.
Only the parent writes there, only values of its own trusted computations. The folder is 0700 and
owned by the grader: children (other uids, and in bwrap not even mounted) cannot read expected
values or plant one. An unreadable or malformed file is recomputed and replaced, never trusted.

Root: `$JAXGRADE_REFERENCE_MEMO` (a folder, or `off` to keep values in this process only), else
`<compile cache root>/../reference` (`~/.cache/jaxgrade/reference`).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import os
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from autograder.cache_paths import default_root

ENV = "JAXGRADE_REFERENCE_MEMO"
_REPO = Path(__file__).resolve().parents[2]
# Everything whose change can change an expected value.
_CODE = (_REPO / "autograder" / "exercises", _REPO / "autograder" / "sandboxed", _REPO / "jaxcourse")
_MAX_BYTES = 4 * 1024 * 1024

_values: dict[str, Any] = {}
_lock = threading.Lock()


def root() -> Path | None:
    """The memo folder, or None when only this process remembers."""
    configured = os.environ.get(ENV, "")
    if configured == "off":
        return None
    if configured:
        return Path(configured)
    return default_root().parent / "reference"


@functools.cache
def _code_digest() -> str:
    h = hashlib.sha256()
    for folder in _CODE:
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" not in path.parts:
                h.update(str(path.relative_to(_REPO)).encode() + b"\0" + path.read_bytes() + b"\0")
    for dist in ("jax", "jaxlib"):
        h.update(f"{dist}={importlib.metadata.version(dist)}\0".encode())
    return h.hexdigest()


def key(kind: str, params: Any) -> str:
    blob = json.dumps({"kind": kind, "params": params, "code": _code_digest()}, sort_keys=True)
    return f"{kind}-{hashlib.sha256(blob.encode()).hexdigest()}"


def _read(path: Path) -> tuple[bool, Any]:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return False, None
    try:
        with os.fdopen(fd, "rb") as f:
            data = f.read(_MAX_BYTES + 1)
        doc = json.loads(data) if len(data) <= _MAX_BYTES else None
    except (OSError, ValueError):
        return False, None
    if not isinstance(doc, dict) or doc.get("key") != path.stem or "value" not in doc:
        return False, None
    return True, doc["value"]


def _private_folder(folder: Path) -> bool:
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.stat(folder)
    except OSError:
        return False
    if st.st_uid != os.geteuid() or st.st_mode & 0o077:
        try:
            os.chmod(folder, 0o700)
        except OSError:
            return False
    return os.stat(folder).st_uid == os.geteuid()


def _write(folder: Path, name: str, value: Any) -> None:
    if not _private_folder(folder):
        return  # a folder someone else owns is not ours to trust: remember in this process only
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"key": name, "value": value}, f)
        os.replace(tmp, folder / f"{name}.json")
    except OSError:
        Path(tmp).unlink(missing_ok=True)


def remembered(kind: str, params: Any, compute: Callable[[], Any]) -> Any:
    """`compute()` (a JSON value), computed at most once per parameter set, grader and JAX.

    The value is always returned as JSON gives it back (lists, not tuples), the first time too, so
    a caller sees the same types whether or not the value was remembered.
    """
    name = key(kind, params)
    with _lock:
        if name in _values:
            return _values[name]
    folder = root()
    if folder is not None:
        found, value = _read(folder / f"{name}.json")
        if found:
            with _lock:
                _values[name] = value
            return value
    value = json.loads(json.dumps(compute()))
    if folder is not None:
        _write(folder, name, value)
    with _lock:
        _values[name] = value
    return value


def known(kind: str, params: Any) -> bool:
    """Whether `remembered(kind, params, ...)` would return without computing."""
    name = key(kind, params)
    with _lock:
        if name in _values:
            return True
    folder = root()
    return folder is not None and _read(folder / f"{name}.json")[0]


def forget_in_process() -> None:
    """Drop this process's copies (tests: the next call reads the folder)."""
    with _lock:
        _values.clear()
