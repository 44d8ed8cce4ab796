"""Student code cannot recognise the grader from its call stack (issue 44, section 3).

The grading child renames its own package before main() starts (autograder/sandboxed/
notebook_frames.py) and is launched as `python -c` code (grade/run/notebook_child.py): a real
sandboxed grading is asked, from inside the student's function and from its answer cell, which
frames name the grader (a module or file named autograder, a function named test_*/check_*/probe
...), and none may. The corpus plants answers that behave only while such a frame is on the stack
(`gaming_frames_grader_stack` in every chapter 2 and 5 exercise but recompile), and one that tells a
grading from `sys.argv` (`histogram/gaming_argv_not_kernel`): they lose points.

Beyond the stack, the child library holds the grader's child side under a neutral package name
(grade/child_library.py CHILD_PACKAGE): a student function scans sys.modules, module specs, the import
machinery, the sys.path folders and the visible command lines, and finds no grader name
(`safe_distance/gaming_sys_modules_grader` and `histogram/gaming_cmdline_grader` lose points).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from autograder.model import ChapterNotebook, ReleaseInfo, StudentSubmission
from autograder.release.compile_cache import with_answers

from helpers.paths import RELEASE

UIDS = tuple(range(65490, 65492))  # private to this test (the runner takes one per job with an flock)

# Frames that name the grader, as an answer that games the checks would look for them.
FRAME_REPORT = r'''
import json, sys

def _grader_frames():
    out, f, n = [], sys._getframe(1), 0
    while f is not None:
        n += 1
        names = (str(f.f_globals.get("__name__")), str(f.f_globals.get("__file__")), f.f_code.co_filename,
                 f.f_code.co_name, f.f_code.co_qualname)
        if any(w in s.lower() for s in names for w in ("autograder", "sandboxed", "probe", "grade", "check_",
                                                       "test_", "child_main", "observe")):
            out.append(f"{f.f_code.co_filename[-30:]}:{f.f_code.co_name}")
        f = f.f_back
    return n, out

_CELL_FRAMES = _grader_frames()

def safe_pairwise_distance(X, Y):
    n, bad = _grader_frames()
    first = (bad or _CELL_FRAMES[1] or [""])[0][-40:]
    raise RuntimeError("jaxgrade_frames_report " + json.dumps({"cell": len(_CELL_FRAMES[1]), "n": n,
                                                                "call": len(bad), "first": first}))
'''


def _safe_distance_feedback(answer: str) -> str:
    """The feedback of every sub-check of safe_distance when `answer` is its cell, graded for real."""
    if os.geteuid() != 0 or shutil.which("bwrap") is None:
        pytest.skip("real sandbox unavailable: needs root (sandbox uids) and bwrap")
    from autograder.grade.run import RunSettings, grade_submission

    release = ReleaseInfo.load(RELEASE)
    released = json.loads(release.notebooks["ch02"].read_text(encoding="utf-8"))
    nb = with_answers(released, {"safe_distance": [answer]})
    sub = StudentSubmission("frames", hashlib.sha256(answer.encode()).hexdigest(),
                            {"ch02": ChapterNotebook("ch02", "ch02.ipynb", nb)})
    work = Path(tempfile.mkdtemp(prefix="jaxgrade-frames-"))
    settings = RunSettings(isolation="bwrap", exercises=("safe_distance",), build_cache=work / "build",
                           scratch_root=work / "scratch", uids=UIDS)
    try:
        result = grade_submission(sub, release, settings)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return "\n".join(t.output_zh for t in result.scores["safe_distance"].tests)


def test_no_frame_below_student_code_names_the_grader() -> None:
    text = _safe_distance_feedback(FRAME_REPORT)
    assert "jaxgrade_frames_report" in text, text
    report = json.loads(text.split("jaxgrade_frames_report ", 1)[1].split("}", 1)[0] + "}")
    assert report["n"] > 8, report  # the walk saw the grader's frames below the student's function
    assert report == {"cell": 0, "n": report["n"], "call": 0, "first": ""}, report


# sys.argv and the launcher's namespace (the bottom frame's globals), as student code reads them.
CONTEXT_REPORT = r'''
import json, os, re, sys

def safe_pairwise_distance(X, Y):
    f = sys._getframe(0)
    while f.f_back is not None:
        f = f.f_back
    conn = bool(re.fullmatch(r"kernel-[0-9a-f-]{36}\.json", os.path.basename(sys.argv[-1])))
    raise RuntimeError("jaxgrade_context_report " + json.dumps({
        "argv0": os.path.basename(sys.argv[0]), "argv1": sys.argv[1:2], "conn": conn,
        "launcher": sorted(k for k in f.f_globals if not k.startswith("__"))}))
'''


def test_argv_is_a_kernels_and_the_launcher_hands_over_nothing() -> None:
    """sys.argv is shaped like ipykernel's (launcher, -f, a connection file), not `-c <job folder>`;
    the launcher's globals hold no module of the child (their `__spec__` would name the grader)."""
    text = _safe_distance_feedback(CONTEXT_REPORT)
    assert "jaxgrade_context_report" in text, text
    report = json.loads(text.split("jaxgrade_context_report ", 1)[1].split("}", 1)[0] + "}")
    assert report == {"argv0": "ipykernel_launcher.py", "argv1": ["-f"], "conn": True, "launcher": []}, report


# Where else student code may look for the grader, beyond the call stack (issue 44, section 3): the
# keys of sys.modules, the `__spec__`/`__loader__`/`__file__` of every frame's globals and of the
# modules they hold, the import machinery (sys.path, meta path, path hooks), every sys.path folder's
# listing, and the command line of each process it can see (/proc/self/cmdline: the `-c` code).
# The Python environment's own prefix and the distribution metadata in its folders (`*.dist-info`:
# jaxgrade's, and otter-grader's, which course environments have too; a development install's
# `__editable__*` files) are left open, with the reason, in docs/contributors/trust-boundary.md;
# everything else must be silent (a package folder `autograder` in site-packages would not be).
# The report: a count per place and the first hit (short: the feedback keeps 300 characters of an error).
SEEN_REPORT = r'''
import json, os, sys

def _scan():
    words = ("grader", "jaxgrade")
    prefixes = sorted({p for p in (sys.prefix, sys.base_prefix, sys.exec_prefix) if p}, key=len, reverse=True)
    def text(s):
        s = str(s)
        for p in prefixes:
            s = s.replace(p, "<prefix>")
        return s
    def named(s):
        return any(w in text(s).lower() for w in words)
    def env_meta(folder, name):
        in_env = any(folder.startswith(p) for p in prefixes)
        return in_env and (name.endswith(".dist-info") or name.startswith("__editable__"))
    found = {"cmdline": [], "listing": [], "modules": [], "imports": [], "specs": []}
    found["modules"] = [k for k in list(sys.modules) if named(k)]
    f = sys._getframe(1)
    while f is not None:
        g = f.f_globals
        held = [g] + [vars(v) for v in list(g.values()) if type(v) is type(sys)]
        for ns in held:
            spec, loader = ns.get("__spec__"), ns.get("__loader__")
            for s in (getattr(spec, "name", ""), getattr(spec, "origin", ""), getattr(spec, "parent", ""),
                      getattr(spec, "submodule_search_locations", None), getattr(loader, "name", ""),
                      getattr(loader, "path", ""), ns.get("__file__"), ns.get("__name__")):
                if s and named(s):
                    found["specs"].append(str(s))
        f = f.f_back
    for obj in [*sys.path, *sys.meta_path, *sys.path_hooks, *sys.path_importer_cache]:
        if named(repr(obj)) or named(getattr(obj, "__module__", "")):
            found["imports"].append(repr(obj))
    for folder in sys.path:
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        found["listing"] += [f"{folder}/{n}" for n in names if named(n) and not env_meta(folder, n)]
    for pid in ["self", *(p for p in os.listdir("/proc") if p.isdigit())]:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                cmd = fh.read().decode("utf-8", "replace").replace("\0", " ")
        except OSError:
            continue
        if named(cmd):
            found["cmdline"].append(f"{pid}: {cmd}")
    hits = [h for v in found.values() for h in v]
    first = (hits or [""])[0][-40:].replace("{", "(").replace("}", ")").replace("\n", " ")
    return {**{k: len(v) for k, v in found.items()}, "first": first}

def safe_pairwise_distance(X, Y):
    raise RuntimeError("jaxgrade_seen_report " + json.dumps(_scan()))
'''


def test_nothing_student_code_can_list_names_the_grader() -> None:
    """The child imports its code under a neutral package name (grade/child_library.py CHILD_PACKAGE)
    and drops a development install's finder: no sys.modules key, module spec, import hook, library
    folder entry or command line it can read names the grader."""
    text = _safe_distance_feedback(SEEN_REPORT)
    assert "jaxgrade_seen_report" in text, text
    report = json.loads(text.split("jaxgrade_seen_report ", 1)[1].split("}", 1)[0] + "}")
    places = ("cmdline", "listing", "modules", "imports", "specs")
    assert report == {**dict.fromkeys(places, 0), "first": ""}, report


def test_the_child_package_name_shadows_nothing_installed() -> None:
    """The library folder comes first on the child's PYTHONPATH: its package must not hide a module
    the environment has (the child runs the parent's interpreter and site-packages)."""
    from autograder.grade.child_library import CHILD_PACKAGE

    assert importlib.util.find_spec(CHILD_PACKAGE) is None
    assert not any(w in CHILD_PACKAGE for w in ("grader", "jaxgrade", "sandbox", "probe"))


MODULE = '''
def check_outer(k):
    def test_inner(v):
        return v + k
    return test_inner, (lambda: 1)


class Probe:
    def run_probe(self):
        return check_outer(2)[0](3)
'''


def test_a_disguised_module_keeps_working_under_neutral_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Functions, methods, nested functions and lambdas made after the renaming: cell-like file
    names, common function names, module __main__; the module still computes the same."""
    from autograder.sandboxed import notebook_frames

    pkg = tmp_path / "graderpkg_frames"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text(textwrap.dedent(MODULE))
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        mod = importlib.import_module("graderpkg_frames.mod")
        notebook_frames.disguise("graderpkg_frames")
        inner, lam = mod.check_outer(5)
        assert inner(1) == 6 and lam() == 1 and mod.Probe().run_probe() == 5
        grader = ("check", "test", "probe", "graderpkg", "mod.py")
        for fn in (mod.check_outer, inner, lam, mod.Probe.run_probe):  # what a frame shows
            code = fn.__code__
            names = (code.co_filename, code.co_name, code.co_qualname)
            assert not any(w in s for s in names for w in grader), names
            assert code.co_filename.startswith("<ipython-input-1-")
        for fn in (inner, lam):  # made while the module runs: what student code may be handed
            names = (fn.__name__, fn.__qualname__, fn.__module__)
            assert not any(w in s for s in names for w in grader) and fn.__module__ == "__main__", names
        assert mod.__name__ == "__main__" and notebook_frames.real_name(mod) == "graderpkg_frames.mod"
    finally:
        for key in [k for k in sys.modules if k.startswith("graderpkg_frames")]:
            del sys.modules[key]
