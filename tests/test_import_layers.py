"""The layers only import downwards (pyproject.toml's import-linter contract, docs/architecture.md "Layers").

The contract is checked on the real tree, and once on a copy with one upward import added, so a
contract that can no longer fail (a layer renamed away, an import-linter that finds nothing) fails here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _lint_imports(cwd: Path, package_parent: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True))"
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)  # fmt: skip


def test_the_layers_contract_is_kept() -> None:
    proc = _lint_imports(REPO, REPO)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert "1 kept, 0 broken" in proc.stdout


def test_an_upward_import_breaks_the_contract(tmp_path: Path) -> None:
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(REPO / "autograder", tmp_path / "autograder", ignore=skip)
    batch = tmp_path / "autograder" / "grade" / "batch.py"
    upward = "\n\ndef _up() -> None:\n    from autograder.lms import course_input  # noqa: F401\n"
    batch.write_text(batch.read_text(encoding="utf-8") + upward, encoding="utf-8")
    proc = _lint_imports(tmp_path, tmp_path)
    assert proc.returncode != 0, proc.stdout[-4000:]
    assert "autograder.grade.batch -> autograder.lms.course_input" in proc.stdout, proc.stdout[-4000:]
