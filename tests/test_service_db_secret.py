"""`jaxgrade serve` never takes a database password from its command line.

Every user of the machine can read a process's arguments (/proc/<pid>/cmdline, `ps`), so a URL with a
password must come from $JAXGRADE_DB_URL or a file only its owner can read (`--db-file`). The
refusals run the real `jaxgrade serve` command line (a subprocess: exit 2 before anything starts).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from autograder.commands import serve as cli

REPO = Path(__file__).resolve().parents[1]
RELEASE = REPO / "assignments" / "2026-fall"
SECRET_URL = "postgresql://grader:jaxgrade_pw_marker@127.0.0.1:1/jaxgrade"  # never connected to


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="jaxgrade serve")
    cli.add_arguments(parser)
    return parser.parse_args(["--data", "/nonexistent", *argv])


def _serve(tmp_path: Path, *argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "autograder.cli", "serve", "--data", str(tmp_path / "data"),
         "--release", str(RELEASE), *argv],
        capture_output=True, text=True, timeout=120, cwd=REPO, env={**os.environ, **(env or {})},
    )  # fmt: skip


def test_a_password_on_the_command_line_is_refused(tmp_path: Path) -> None:
    proc = _serve(tmp_path, "--db", SECRET_URL)
    assert proc.returncode == 2, proc.stderr
    assert "holds a password" in proc.stderr and "JAXGRADE_DB_URL" in proc.stderr
    assert "jaxgrade_pw_marker" not in proc.stderr  # the refusal does not echo it either


def test_the_url_comes_from_the_environment_or_a_private_file(tmp_path: Path) -> None:
    env = {cli.DB_URL_ENV: SECRET_URL}
    assert cli.database_url(_args(), env) == SECRET_URL
    assert cli.database_url(_args("--db", "postgresql://grader@/jaxgrade?host=/run/postgresql"), {}) == (
        "postgresql://grader@/jaxgrade?host=/run/postgresql"
    )
    secret = tmp_path / "db-url"
    secret.write_text(SECRET_URL + "\n", encoding="utf-8")
    secret.chmod(0o600)
    assert cli.database_url(_args("--db-file", str(secret)), {}) == SECRET_URL
    secret.chmod(0o640)
    with pytest.raises(ValueError, match="readable by others"):
        cli.database_url(_args("--db-file", str(secret)), {})


def test_a_readable_db_file_is_refused_by_the_command(tmp_path: Path) -> None:
    secret = tmp_path / "db-url"
    secret.write_text(SECRET_URL + "\n", encoding="utf-8")
    secret.chmod(0o644)
    proc = _serve(tmp_path, "--db-file", str(secret))
    assert proc.returncode == 2 and "chmod 600" in proc.stderr, proc.stderr
