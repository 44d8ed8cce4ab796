"""The names of written quiz answers on the anonymous grading pages: keyed hashes, not row ids.

Answer ids run in upload order, as attempt ids do, so an id in a grading page's address would map
an anonymous answer to the attempt (and the student) the TA tables list in the same order. The
pages name an answer by `handle(key, assignment, answer id)`: an HMAC-SHA256 under the service's
own random key (`DIR/answer-handles.key`, 0600, made once and shared by every process on DIR),
cut to 16 hex digits. Without the key a handle tells nothing about the upload order; the pages find
the answer by comparing the handles of the question's answers.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

KEY_FILE = "answer-handles.key"
HANDLE_HEX = 16


def key_of(data_dir: Path) -> bytes:
    """The service's handle key, made on first use (atomically: two processes agree on one)."""
    path = data_dir / KEY_FILE
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        fresh = data_dir / f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(secrets.token_bytes(32))
        try:
            os.link(fresh, path)  # fails if another process made it first: theirs is the key
        except FileExistsError:
            pass
        finally:
            fresh.unlink()
    return path.read_bytes()


@dataclass(frozen=True)
class AnswerHandles:
    key: bytes

    def of(self, assignment_id: str, answer_id: int) -> str:
        text = f"{assignment_id}\n{answer_id}".encode()
        return hmac.new(self.key, text, hashlib.sha256).hexdigest()[:HANDLE_HEX]

    def find(self, assignment_id: str, handle: str, answer_ids: Iterable[int]) -> int | None:
        """The answer among these whose handle this is (None: none)."""
        return next((i for i in answer_ids if hmac.compare_digest(self.of(assignment_id, i), handle)), None)


def handles_for(data_dir: Path) -> AnswerHandles:
    return AnswerHandles(key_of(data_dir))


__all__ = ["HANDLE_HEX", "KEY_FILE", "AnswerHandles", "handles_for", "key_of"]
