"""A refused upload keeps no byte: not in the blob store, not in the temp folder (real `jaxgrade serve`).

Refusals tried: a bad token (401), over the attempt limit (429, also when several uploads race past
the early check at once), over the per-student storage quota (413), after the deadline (403)."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from helpers.served import call, serve, write_roster

RACERS = 8


def notebook(tag: str, size: int) -> list[tuple[str, bytes]]:
    """A unique upload of about `size` bytes (unique content: one blob per upload if stored)."""
    head = b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5, "pad": "'
    return [("hw.ipynb", head + tag.encode() + b"x" * max(0, size - len(head)) + b'"}')]


def stored(folder: Path) -> tuple[int, int]:
    """(files, bytes) under `folder`, every kind of file counted."""
    files = [p for p in folder.rglob("*") if p.is_file() or p.is_symlink()]
    return len(files), sum(p.lstat().st_size for p in files)


def post(served, token: str, files: list[tuple[str, bytes]]) -> int:  # type: ignore[no-untyped-def]
    return call(served, "POST", "/api/submissions", token=token, files=files)[0]


def test_refused_uploads_keep_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp))
    roster = write_roster(tmp_path / "roster.csv", ("r01", "q01"))
    served = serve(
        tmp_path / "data",
        "--roster",
        str(roster),
        "--workers",
        "0",
        "--max-attempts-per-hour",
        "2",
        "--max-student-storage-mb",
        "1",
    )
    try:
        blobs = served.data / "blobs"
        tokens = served.tokens
        with ThreadPoolExecutor(RACERS) as pool:
            codes = list(
                pool.map(lambda i: post(served, tokens["r01"], notebook(f"race{i}", 200_000)), range(RACERS))
            )
        assert sorted(codes) == [202, 202] + [429] * (RACERS - 2), codes
        # Two accepted uploads, one blob each: the six refused racers kept nothing.
        assert stored(blobs)[0] == 2, sorted(p.name for p in blobs.rglob("*") if p.is_file())
        before_blobs, before_tmp = stored(blobs), stored(tmp)

        assert post(served, "not-a-token", notebook("bad-token", 100_000)) == 401
        assert post(served, tokens["r01"], notebook("over-rate", 100_000)) == 429
        status, _, body = call(
            served, "POST", "/api/submissions", token=tokens["q01"], files=notebook("over-quota", 1_200_000)
        )
        assert status == 413 and b"storage_quota" not in body and "存储额度".encode() in body, body
        assert stored(blobs) == before_blobs
        assert stored(tmp) == before_tmp
        assert post(served, tokens["q01"], notebook("fits", 500_000)) == 202
    finally:
        served.stop()


def test_uploads_after_the_deadline_keep_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp))
    past = datetime.now(UTC) - timedelta(days=1)
    roster = write_roster(tmp_path / "roster.csv", ("d01",))
    served = serve(
        tmp_path / "data",
        "--roster",
        str(roster),
        "--workers",
        "0",
        "--deadline",
        (past - timedelta(hours=1)).isoformat(),
        "--late-until",
        past.isoformat(),
    )
    try:
        before_tmp = stored(tmp)
        for i in range(4):
            assert post(served, served.tokens["d01"], notebook(f"late{i}", 200_000)) == 403
        blobs = served.data / "blobs"
        assert not blobs.exists() or stored(blobs) == (0, 0)
        assert stored(tmp) == before_tmp
        assert os.listdir(served.data / "attempts") == [] if (served.data / "attempts").exists() else True
    finally:
        served.stop()
