"""The layers only import downwards (pyproject.toml's import-linter contracts, docs/architecture.md "Layers",
docs/service-layers.md for the service's own floors).

The contracts are checked on the real tree, and each once on a copy with one violation added, so a
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
    assert "7 kept, 0 broken" in proc.stdout


def _copy_appending(tmp_path: Path, module: str, added: str) -> Path:
    """A copy of the tree whose MODULE (under autograder/) ends with the source ADDED."""
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(REPO / "autograder", tmp_path / "autograder", ignore=skip)
    path = tmp_path / "autograder" / module
    path.write_text(path.read_text(encoding="utf-8") + added, encoding="utf-8")
    return tmp_path


def _copy_with(tmp_path: Path, module: str, import_line: str) -> Path:
    """A copy of the tree whose MODULE (under autograder/) ends with a function running IMPORT_LINE."""
    added = f"\n\ndef _violation() -> None:\n    {import_line}  # noqa: F401\n"
    return _copy_appending(tmp_path, module, added)


def test_an_upward_import_breaks_the_contract(tmp_path: Path) -> None:
    _copy_with(tmp_path, "grade/batch.py", "from autograder.lms import course_input")
    proc = _lint_imports(tmp_path, tmp_path)
    assert proc.returncode != 0, proc.stdout[-4000:]
    assert "autograder.grade.batch -> autograder.lms.course_input" in proc.stdout, proc.stdout[-4000:]


def test_storage_importing_the_web_floor_breaks_the_service_contract(tmp_path: Path) -> None:
    _copy_with(tmp_path, "service/storage/blobs.py", "from autograder.service.web import pages")
    proc = _lint_imports(tmp_path, tmp_path)
    assert proc.returncode != 0, proc.stdout[-4000:]
    assert "the service's floors only import downwards BROKEN" in proc.stdout, proc.stdout[-4000:]
    upward = "autograder.service.storage.blobs -> autograder.service.web.pages"
    assert upward in proc.stdout, proc.stdout[-4000:]
    assert "autograder's layers only import downwards KEPT" in proc.stdout, proc.stdout[-4000:]


def test_a_domain_module_importing_starlette_breaks_the_no_http_contract(tmp_path: Path) -> None:
    _copy_with(tmp_path, "service/domain/gradebook/overrides.py", "from starlette.requests import Request")
    proc = _lint_imports(tmp_path, tmp_path)
    assert proc.returncode != 0, proc.stdout[-4000:]
    direct = "autograder.service.domain.gradebook.overrides -> starlette (l."
    assert direct in proc.stdout, proc.stdout[-4000:]
    assert "the service's floors only import downwards KEPT" in proc.stdout, proc.stdout[-4000:]


def test_a_cycle_closed_only_under_type_checking_breaks_the_acyclic_contract(tmp_path: Path) -> None:
    # the ledger imports the overrides; overrides importing the ledger for a type alone closes a cycle
    added = (
        "\n\nfrom typing import TYPE_CHECKING as _TYPE_CHECKING\n\n"
        "if _TYPE_CHECKING:\n    from autograder.service.domain.gradebook import ledger  # noqa: F401\n"
    )
    _copy_appending(tmp_path, "service/domain/gradebook/overrides.py", added)
    proc = _lint_imports(tmp_path, tmp_path)
    assert proc.returncode != 0, proc.stdout[-4000:]
    assert "the service's modules and packages import each other without a cycle BROKEN" in proc.stdout
    assert "No cycles are allowed in autograder.service.domain.gradebook." in proc.stdout, proc.stdout[-4000:]
    assert "the service's floors only import downwards KEPT" in proc.stdout, proc.stdout[-4000:]


def test_a_web_module_calling_the_lms_outbox_breaks_the_notify_in_domain_contract(tmp_path: Path) -> None:
    # the LMS-notify belongs in the domain command's transaction, never in a page (issue 42)
    planted = "from autograder.service.domain.gradebook import lti_outbox"
    _copy_with(tmp_path, "service/web/extensions_page.py", planted)
    proc = _lint_imports(tmp_path, tmp_path)
    assert proc.returncode != 0, proc.stdout[-4000:]
    broken = "the service's web floor never calls the LMS outbox itself BROKEN"
    assert broken in proc.stdout, proc.stdout[-4000:]
    direct = "autograder.service.web.extensions_page -> autograder.service.domain.gradebook.lti_outbox"
    assert direct in " ".join(proc.stdout.split()), proc.stdout[-4000:]  # the report wraps long lines
    assert "the service's floors only import downwards KEPT" in proc.stdout, proc.stdout[-4000:]


def test_a_web_module_importing_sqlalchemy_or_storage_breaks_the_web_no_sql_contract(tmp_path: Path) -> None:
    # web calls domain commands and queries; a page that opens its own transaction needs SQLAlchemy
    # (or a storage table) to do it, and that import is what this contract refuses (issue 42)
    _copy_with(tmp_path, "service/web/overrides_api.py", "import sqlalchemy")
    adapter = tmp_path / "autograder" / "service" / "web" / "lti" / "storage.py"
    with adapter.open("a", encoding="utf-8") as f:
        f.write("\nfrom autograder.service.storage import db  # noqa: E402, F401\n")
    proc = _lint_imports(tmp_path, tmp_path)
    assert proc.returncode != 0, proc.stdout[-4000:]
    report = " ".join(proc.stdout.split())  # the report wraps long lines
    assert "the service's web floor imports no SQLAlchemy and no storage BROKEN" in report, report[-4000:]
    assert "autograder.service.web.overrides_api -> sqlalchemy" in report, report[-4000:]
    to_storage = "autograder.service.web.lti.storage -> autograder.service.storage.db"
    assert to_storage in report, report[-4000:]
    assert "the service's floors only import downwards KEPT" in report, report[-4000:]


def test_a_feature_importing_its_sibling_breaks_the_domain_features_contract(tmp_path: Path) -> None:
    # intake and quiz sit in one row: neither may import the other, nor anything above (issue 42)
    planted = "from autograder.service.domain.quiz import stored_answer"
    _copy_with(tmp_path, "service/domain/intake/upload_rules.py", planted)
    proc = _lint_imports(tmp_path, tmp_path)
    assert proc.returncode != 0, proc.stdout[-4000:]
    broken = "the domain's feature packages only import downwards, and siblings not at all BROKEN"
    assert broken in " ".join(proc.stdout.split()), proc.stdout[-4000:]
    sideways = "autograder.service.domain.intake.upload_rules -> autograder.service.domain.quiz.stored_answer"
    assert sideways in " ".join(proc.stdout.split()), proc.stdout[-4000:]
    assert "the service's floors only import downwards KEPT" in proc.stdout, proc.stdout[-4000:]
