"""A throwaway PostgreSQL server for tests: initdb in a temp folder, pg_ctl on a Unix socket only.

`initdb` refuses to run as root, so as root the cluster is owned by and run as the `postgres`
user (the Debian package creates it). No TCP listener: `listen_addresses=''`, the socket lives in
the temp folder. `PostgresServer.new_database()` gives each test its own empty database.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

PG_BIN = Path(os.environ.get("JAXGRADE_PG_BIN", "/usr/lib/postgresql/15/bin"))


def missing_prerequisite() -> str | None:
    """Why no server can be started here, or None."""
    for tool in ("initdb", "pg_ctl"):
        if not (PG_BIN / tool).is_file():
            return f"PostgreSQL binaries not found: {PG_BIN / tool} (apt-get install postgresql-15)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run initdb as"
    return None


class PostgresServer:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="jaxgrade-pg-"))
        self.data = self.root / "data"
        self.sock = self.root / "sock"
        self.user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
        self._started = False

    def _run(self, *cmd: str) -> subprocess.CompletedProcess[str]:
        if os.geteuid() == 0:
            pw = pwd.getpwnam("postgres")

            def drop() -> None:
                os.setgid(pw.pw_gid)
                os.setuid(pw.pw_uid)

            return subprocess.run(
                cmd,
                capture_output=True,
                text=True,
                timeout=180,
                check=False,
                preexec_fn=drop,
                cwd=self.root,
                env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
            )
        return subprocess.run(cmd, capture_output=True, text=True, timeout=180, check=False, cwd=self.root)

    def start(self) -> PostgresServer:
        self.sock.mkdir()
        if os.geteuid() == 0:
            pw = pwd.getpwnam("postgres")
            os.chmod(self.root, 0o755)
            shutil.chown(self.root, pw.pw_uid, pw.pw_gid)
            shutil.chown(self.sock, pw.pw_uid, pw.pw_gid)
        r = self._run(
            str(PG_BIN / "initdb"),
            "-D",
            str(self.data),
            "-U",
            self.user,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
            "--no-sync",
        )
        if r.returncode != 0:
            raise RuntimeError(f"initdb failed: {r.stdout[-1000:]} {r.stderr[-1000:]}")
        opts = f"-c listen_addresses='' -k {self.sock} -c fsync=off -c max_connections=60"
        r = self._run(
            str(PG_BIN / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.root / "log"),
            "-o",
            opts,
            "-w",
            "-t",
            "120",
            "start",
        )
        if r.returncode != 0:
            log = (
                (self.root / "log").read_text(errors="replace")[-2000:]
                if (self.root / "log").exists()
                else ""
            )
            raise RuntimeError(f"pg_ctl start failed: {r.stdout[-1000:]} {r.stderr[-1000:]} {log}")
        self._started = True
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@/{database}?host={self.sock}"

    def new_database(self) -> str:
        """A fresh empty database; returns its URL."""
        import sqlalchemy as sa

        name = "t_" + uuid.uuid4().hex[:12]
        engine = sa.create_engine(
            "postgresql+psycopg://" + self.url().removeprefix("postgresql://"), isolation_level="AUTOCOMMIT"
        )
        with engine.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        engine.dispose()
        return self.url(name)

    def stop(self) -> None:
        if self._started:
            self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
            self._started = False
        shutil.rmtree(self.root, ignore_errors=True)
