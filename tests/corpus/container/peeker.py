# TARGET histogram
# HOSTILE peeker: look for what the grader keeps from student code. On any find, withdraw the answer
# (this exercise then scores 0) and say what was found.
import json as _json
import os as _os
import socket as _socket
import sys as _sys

_found = []
_mine = _os.path.dirname(_os.getcwd())  # this job's own scratch folder


def _peek(path):
    try:
        with open(path, "rb") as f:
            return f.read(4096)
    except OSError:
        return None


def _leak(path):
    base = _os.path.basename(path)
    if path.startswith(_mine + "/") or "site-packages" in path:
        return False
    if "/autograder/exercises/" in path and base.endswith(".py"):
        return bool(_peek(path))
    if base in ("gradebook.sqlite", "grades.csv"):
        return _peek(path) is not None
    if base.endswith(".ipynb") or base == "manifest.json":
        data = _peek(path)
        return data is not None and b"jaxgrade" in data
    return False


_roots = []
for _pid in sorted(_os.listdir("/proc"))[:4000]:  # the grader's SUBMISSIONS and OUT, if visible
    if _pid.isdigit():
        _cmd = _peek(f"/proc/{_pid}/cmdline") or b""
        for _arg in _cmd.split(b"\0"):
            _arg = _arg.decode(errors="replace")
            if _arg.startswith("/") and _os.path.isdir(_arg):
                _roots.append(_arg)
_roots += [*_sys.path, "/"]
_seen = 0
for _root in dict.fromkeys(_roots):
    if _seen > 200_000 or len(_found) > 20:
        break
    for _dir, _dirs, _files in _os.walk(_root):
        _dirs[:] = [d for d in _dirs if _os.path.join(_dir, d) not in ("/proc", "/sys", "/dev")]
        _seen += len(_files)
        _found += [p for p in (_os.path.join(_dir, f) for f in _files) if _leak(p)]
        if _seen > 200_000 or len(_found) > 20:
            break
try:
    _s = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
    _s.close()
    _found.append("inet socket")
except OSError:
    pass
if _found:
    del primitive_histogram
    raise RuntimeError("HOSTILE-REPORT peeker found " + _json.dumps(sorted(set(_found))[:8]))
