"""Who may use the service: the roster's students, their access tokens and the TAs' tokens.

A student is whoever holds their access token (`secrets.token_urlsafe(32)`); the database keeps
only its sha256, compared with `hmac.compare_digest`. New tokens are appended to DIR/tokens.csv
(0600) inside the same transaction that stores their hashes, so no token is in the database
without being in the file. The TA token of DIR/ta-token (0600) is the TA named "ta"; named TAs
(`serve --tas tas.csv`, a `name` column) get their own tokens the same way as students, appended
to DIR/ta-tokens.csv (`name,token`, 0600). A TA's name is what the audit log records.
"""

from __future__ import annotations

import csv
import hmac
import io
import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path

import sqlalchemy as sa

from autograder.roster import Roster
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.identity import session_records
from autograder.service.records import Student, hash_token
from autograder.service.storage import db

MAX_TOKEN_CHARS = 256
LEGACY_TA = "ta"  # the TA of DIR/ta-token
RESERVED_TA_NAMES = frozenset({LEGACY_TA, "system"})
# Letters (any script), digits, `.`, `_`, `-`, `@`: never ":" (student actors are "student:<id>").
TA_NAME = re.compile(r"[\w.@-]{1,64}")


class TaListError(ValueError):
    """A --tas file that cannot be used (the message says which line and why)."""


def load_ta_names(path: Path) -> list[str]:
    """The `name` column of a TA list CSV (other columns are ignored), checked."""
    with path.open(newline="", encoding="utf-8-sig") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames is None or "name" not in reader.fieldnames:
            raise TaListError(f"{path}: needs a header with a 'name' column")
        names: list[str] = []
        for line, row in enumerate(reader, start=2):
            name = (row.get("name") or "").strip()
            if not TA_NAME.fullmatch(name) or name in RESERVED_TA_NAMES:
                raise TaListError(
                    f"{path}:{line}: TA name {name!r}: use 1-64 letters, digits, . _ - @ "
                    f"(not {', '.join(sorted(RESERVED_TA_NAMES))})"
                )
            if name in names:
                raise TaListError(f"{path}:{line}: TA {name!r} listed twice")
            names.append(name)
    return names


def write_private(path: Path, text: str) -> None:
    """Write `text` to `path` atomically with mode 0600 (tokens)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


class Identity:
    def __init__(self, engine: sa.Engine, cfg: ServiceConfig, clock: Callable[[], float]):
        self.engine, self.cfg, self.clock = engine, cfg, clock

    def import_roster(self, roster: Roster) -> dict[str, str]:
        """Add new students (each with a fresh token, appended to DIR/tokens.csv) and update the
        names and LMS fields of known ones. Returns the tokens issued now."""
        issued: dict[str, str] = {}
        now = self.clock()
        with self.engine.begin() as conn:
            known = {r.student_id for r in conn.execute(sa.select(db.students.c.student_id))}
            for s in roster.students:
                fields = {
                    "name": s.name,
                    "email": s.email,
                    "lms_id": s.lms_id,
                    "sis_login_id": s.sis_login_id,
                    "section": s.section,
                }
                if s.student_id in known:
                    conn.execute(
                        db.students.update().where(db.students.c.student_id == s.student_id).values(**fields)
                    )
                    continue
                token = secrets.token_urlsafe(32)
                issued[s.student_id] = token
                conn.execute(
                    db.students.insert().values(
                        student_id=s.student_id, token_hash=hash_token(token), created_at=now, **fields
                    )
                )
            if issued:
                self._append_tokens_csv(issued)  # inside the transaction: no token in the DB without the file
        return issued

    def reissue_token(self, student_id: str) -> str:
        """A new token for a known student (appended to DIR/tokens.csv); the old one stops working.

        Raises KeyError for an unknown student."""
        token = secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            n = conn.execute(
                db.students.update()
                .where(db.students.c.student_id == student_id)
                .values(token_hash=hash_token(token))
            ).rowcount
            if n != 1:
                raise KeyError(student_id)
            session_records.end_where(conn, self.clock(), "token_reissued", student_id=student_id)
            self._append_tokens_csv({student_id: token})
        return token

    def import_tas(self, names: list[str]) -> dict[str, str]:
        """Give each new TA name a token (appended to DIR/ta-tokens.csv); known TAs keep theirs.
        The list is the whole staff: a TA no longer on it is removed, with their token and their
        open sessions (what they did stays in the audit log under their name).
        Returns the tokens issued now."""
        issued: dict[str, str] = {}
        with self.engine.begin() as conn:
            known = set(conn.execute(sa.select(db.tas.c.name)).scalars())
            for gone in sorted(known - set(names)):
                conn.execute(db.tas.delete().where(db.tas.c.name == gone))
                session_records.end_where(conn, self.clock(), "ta_removed", ta_name=gone)
            for name in names:
                if name in known:
                    continue
                token = secrets.token_urlsafe(32)
                issued[name] = token
                conn.execute(
                    db.tas.insert().values(name=name, token_hash=hash_token(token), created_at=self.clock())
                )
            if issued:
                self._append_tokens_csv(issued, self.cfg.ta_tokens_csv, "name,token\n")
        return issued

    def reissue_ta_token(self, name: str) -> str:
        """A new token for a named TA (appended to DIR/ta-tokens.csv). Raises KeyError if unknown."""
        token = secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            n = conn.execute(
                db.tas.update().where(db.tas.c.name == name).values(token_hash=hash_token(token))
            ).rowcount
            if n != 1:
                raise KeyError(name)
            session_records.end_where(conn, self.clock(), "token_reissued", ta_name=name)
            self._append_tokens_csv({name: token}, self.cfg.ta_tokens_csv, "name,token\n")
        return token

    def _append_tokens_csv(
        self, issued: dict[str, str], path: Path | None = None, header: str = "student_id,token\n"
    ) -> None:
        path = path or self.cfg.tokens_csv
        old = path.read_text(encoding="utf-8") if path.is_file() else header
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        for sid in sorted(issued):
            w.writerow([sid, issued[sid]])
        write_private(path, old + buf.getvalue())

    def ensure_ta_token(self) -> None:
        """DIR/ta-token (0600) holds a token whose hash is in the database; a missing or stale file
        gets a new token."""
        path = self.cfg.ta_token_file
        with self.engine.begin() as conn:
            stored = conn.execute(
                sa.select(db.settings.c.value).where(db.settings.c.key == "ta_token_hash")
            ).scalar_one_or_none()
            current = path.read_text(encoding="utf-8").strip() if path.is_file() else ""
            if stored is not None and current and hmac.compare_digest(hash_token(current), stored):
                os.chmod(path, 0o600)
                return
            token = secrets.token_urlsafe(32)
            session_records.end_where(conn, self.clock(), "token_reissued", ta_name=LEGACY_TA)
            if stored is None:
                conn.execute(db.settings.insert().values(key="ta_token_hash", value=hash_token(token)))
            else:
                conn.execute(
                    db.settings.update()
                    .where(db.settings.c.key == "ta_token_hash")
                    .values(value=hash_token(token))
                )
            write_private(path, token + "\n")

    def student_for_token(self, token: str | None) -> Student | None:
        """The student holding `token`, or None."""
        if not token or len(token) > MAX_TOKEN_CHARS:
            return None
        digest = hash_token(token)
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(db.students).where(db.students.c.token_hash == digest)).first()
        if row is None or not hmac.compare_digest(row.token_hash, digest):
            return None
        return Student(row.student_id, row.name, row.email)

    def ta_for_token(self, token: str | None) -> str | None:
        """The name of the TA holding `token` ("ta" for DIR/ta-token), or None."""
        if not token or len(token) > MAX_TOKEN_CHARS:
            return None
        digest = hash_token(token)
        with self.engine.connect() as conn:
            stored = conn.execute(
                sa.select(db.settings.c.value).where(db.settings.c.key == "ta_token_hash")
            ).scalar_one_or_none()
            if stored is not None and hmac.compare_digest(digest, stored):
                return LEGACY_TA
            row = conn.execute(sa.select(db.tas).where(db.tas.c.token_hash == digest)).first()
        return row.name if row is not None and hmac.compare_digest(row.token_hash, digest) else None

    def is_ta_token(self, token: str | None) -> bool:
        return self.ta_for_token(token) is not None

    def ta_token_hash(self, name: str) -> str | None:
        """The hash of a named TA's current token (a session made from an older one ends)."""
        with self.engine.connect() as conn:
            return conn.execute(
                sa.select(db.tas.c.token_hash).where(db.tas.c.name == name)
            ).scalar_one_or_none()

    def student(self, student_id: str) -> Student | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(db.students).where(db.students.c.student_id == student_id)).first()
        return None if row is None else Student(row.student_id, row.name, row.email)

    def token_hash(self, student_id: str) -> str | None:
        """The hash of the student's current token (a session made from an older token ends)."""
        with self.engine.connect() as conn:
            return conn.execute(
                sa.select(db.students.c.token_hash).where(db.students.c.student_id == student_id)
            ).scalar_one_or_none()

    def students(self) -> list[Student]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(db.students).order_by(db.students.c.student_id)).all()
        return [Student(r.student_id, r.name, r.email) for r in rows]
