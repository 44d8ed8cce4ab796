"""The trusted parent never imports JAX.

JAX runs in the sandboxed children and in the clean measurement subprocess of `recompile`; the
parent (exercise checks, the batch, Gradescope's entry point, the service) only judges plain data.
Importing JAX there would cost every grading process its start-up time and threads, and the service
promises a process that never loads it. Each check runs in a fresh interpreter, because the test
process itself may have imported JAX through other tests.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RELEASE = REPO / "assignments" / "2026-fall"
MALFORMED = REPO / "examples" / "submissions" / "s004_malformed.ipynb"

PARENT_MODULES = (
    "autograder.cli",
    "autograder.grade",
    "autograder.commands.grade",
    "autograder.grade.batch",
    "autograder.grade.run",
    "autograder.grade.reports",
    "autograder.grade.executor",
    "autograder.bundle.gradescope",
    "autograder.service",
    "autograder.service.app.app",
    "autograder.commands.serve",
    "autograder.service.domain.core",
    "autograder.service.web.pages",
    "autograder.service.app.worker",
    "autograder.release.personalise",
)

_JAX_LOADED = "sorted(m for m in sys.modules if m.split('.')[0] in ('jax', 'jaxlib'))"
# The compile cache's folder name carries jaxlib.__version__: `import jaxlib` loads only its version
# module, no XLA.
JAXLIB_VERSION_ONLY = ["jaxlib", "jaxlib.version"]


def _run(script: str, *args: str) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_exercise_checks_batch_cli_and_service_load_no_jax(tmp_path: Path) -> None:
    """Every exercise module and its inputs, the modules of the batch and the service, and a whole
    `jaxgrade grade` run (a refused submission: the batch, intake, gradebook and reports run, no
    sandboxed child)."""
    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copy2(MALFORMED, subs / MALFORMED.name)
    script = (
        "import importlib, io, json, sys, contextlib\n"
        "from autograder import cli\n"
        "from autograder.exercises import EXERCISE_IDS, load\n"
        "for ex_id in EXERCISE_IDS:\n"
        "    load(ex_id)\n"
        f"for name in {PARENT_MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "from pathlib import Path\n"
        "from autograder.exercises.structure_pool import structure_seed\n"
        "for ex_id in EXERCISE_IDS:  # drawing every exercise's inputs too\n"
        "    m = load(ex_id)\n"
        "    if m.EXERCISE.per_student:\n"
        "        m.inputs(1, student_id='s1', release_root=Path(sys.argv[3]))\n"
        "    else:\n"
        "        m.inputs(1, structure_seed=structure_seed('v', ex_id, 1))\n"
        f"imports = {_JAX_LOADED}\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    code = cli.main(['grade', sys.argv[1], '--out', sys.argv[2], '--release', sys.argv[3],\n"
        "                     '--jobs', '1'])\n"
        f"print(json.dumps({{'imports': imports, 'exit': code, 'after_grading': {_JAX_LOADED}}}))\n"
    )
    doc = _run(script, str(subs), str(tmp_path / "out"), str(RELEASE))
    assert doc["imports"] == []
    assert doc["exit"] == 0
    assert doc["after_grading"] in ([], JAXLIB_VERSION_ONLY)
    grades = (tmp_path / "out" / "grades.csv").read_text(encoding="utf-8")
    assert "s004_malformed" in grades and "malformed:not_json" in grades


def test_jaxcourse_loads_its_names_on_first_use() -> None:
    """`import jaxcourse` and its plain-Python names load no JAX; each public name resolves to the
    object of its submodule; JAX comes with the first name that needs it."""
    script = (
        "import json, sys\n"
        "import jaxcourse\n"
        f"bare = {_JAX_LOADED}\n"
        "from jaxcourse import KERNEL_FLAGS, rms_norm_np64\n"
        "from jaxcourse.variants import load_pool\n"
        "load_pool()\n"
        "from jaxcourse import submit\n"
        f"plain = {_JAX_LOADED}\n"
        "from jaxcourse import CompileCounter\n"
        "import jaxcourse.kernels, jaxcourse.measure, jaxcourse.reference, jaxcourse.notebook_submit\n"
        "subs = (jaxcourse.kernels, jaxcourse.measure, jaxcourse.reference, jaxcourse.notebook_submit)\n"
        "same = {n: any(getattr(m, n, None) is getattr(jaxcourse, n) for m in subs)\n"
        "        for n in jaxcourse.__all__}\n"
        "try:\n"
        "    jaxcourse.no_such_name\n"
        "    missing = 'no error'\n"
        "except AttributeError as exc:\n"
        "    missing = str(exc)\n"
        "print(json.dumps({'bare': bare, 'plain': plain, 'jax_after_counter': 'jax' in sys.modules,\n"
        "                  'same': same, 'dir': sorted(set(jaxcourse.__all__) - set(dir(jaxcourse))),\n"
        "                  'missing': missing}))\n"
    )
    doc = _run(script)
    assert doc["bare"] == [] and doc["plain"] == []
    assert doc["jax_after_counter"] is True
    assert len(doc["same"]) == 15 and all(doc["same"].values()), doc["same"]
    assert doc["dir"] == []
    assert doc["missing"] == "module 'jaxcourse' has no attribute 'no_such_name'"


def test_kernel_build_keys_load_no_jax() -> None:
    """Every chapter's build step keys the course kernel (and a student's) by the FFI include folder:
    the parent finds that folder without JAX, and it is the one `jax.ffi.include_dir()` names."""
    script = (
        "import json, sys\n"
        "from jaxcourse.kernels import build_key, compile_argv, ffi_include_dir\n"
        "from pathlib import Path\n"
        "key = build_key(b'int answer() { return 42; }')\n"
        "argv = compile_argv(Path('k.cc'), Path('k.so'))\n"
        f"loaded = {_JAX_LOADED}\n"
        "import jax\n"
        "print(json.dumps({'loaded': loaded, 'same': jax.ffi.include_dir() == ffi_include_dir(),\n"
        "                  'key': key, 'in_argv': ffi_include_dir() in argv}))\n"
    )
    doc = _run(script)
    assert doc["loaded"] in ([], JAXLIB_VERSION_ONLY)
    assert doc["same"] and doc["in_argv"] and len(doc["key"]) == 32
