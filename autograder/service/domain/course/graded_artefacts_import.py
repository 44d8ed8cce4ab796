"""Once, after migration 0018: the artefacts of results graded before it, into the blob store.

    import_legacy(engine, blobs) -> int    run by the service at start-up (core.py)

Until 0018 a graded attempt (and a regrade candidate) named its grading folder (`out_dir`) and every
page read that folder. Since then the command that records a grade keeps its artefacts as blobs
(`graded_artefacts.py`) and nothing reads a grading folder. A database upgraded from before still
holds graded rows with `out_dir` and no `artefacts`: this step reads each such folder once (the
files the pages read then: feedback.html, results.json, behaviour.json, each under its cap, never
through a symlink), stores them and their maxima as blobs and writes the row's `artefacts`, so what
the service served before the upgrade it serves after. A row whose folder is gone gets `{}` (its
feedback was gone already); a row with `artefacts` is never read again, so each folder is read at
most once, and `out_dir` is left as it is (kept for the rows' history, never read after this step).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from autograder.grade import result_file
from autograder.grade.gradebook import safe_id
from autograder.service.domain.course import graded_artefacts
from autograder.service.storage import db
from autograder.service.storage.blobs import BlobStore
from autograder.states import AttemptState
from autograder.untrusted_json import UnreadableFile, read_capped

log = logging.getLogger("jaxgrade.service")
LEGACY_KINDS = ("feedback_html", "results_json", "behaviour")  # what the pages read from the folder


def _maxima(results_json: bytes) -> dict[str, float]:
    """Each exercise's maximum as the pages computed it from a legacy `results.json` (the sum of its
    checks' maxima); {} when unreadable."""
    try:
        doc: Any = json.loads(results_json)
        maxima: dict[str, float] = {}
        for test in doc["tests"]:
            exercise = str(test["name"]).split(":", 1)[0]
            maxima[exercise] = maxima.get(exercise, 0.0) + float(test["max_score"])
    except (ValueError, KeyError, TypeError):
        return {}
    return {ex: round(m, 4) for ex, m in maxima.items()}


def folder_artefacts(folder: Path) -> dict[str, bytes]:
    """The legacy artefacts found in a student's grading folder, each at most its kind's cap."""
    found = {}
    for kind in LEGACY_KINDS:
        try:
            read = read_capped(folder / result_file.ARTEFACT_FILES[kind], result_file.ARTEFACT_CAPS[kind])
        except UnreadableFile:
            continue
        if not read.truncated:
            found[kind] = read.data
    if "results_json" in found and (maxima := _maxima(found["results_json"])):
        found[graded_artefacts.MAXIMA] = graded_artefacts.maxima_bytes(maxima)
    return found


def import_legacy(engine: sa.Engine, blobs: BlobStore) -> int:
    """Store the artefacts of every graded row without them; returns how many rows were written."""
    a, r = db.attempts.c, db.regrade_results.c
    graded = AttemptState.GRADED
    with engine.connect() as conn:
        attempts = conn.execute(
            sa.select(a.id, a.student_id, a.out_dir)
            .where(a.status == graded, a.artefacts.is_(None), a.out_dir.is_not(None))
        ).all()  # fmt: skip
        candidates = conn.execute(
            sa.select(r.id, a.student_id, r.out_dir)
            .join(db.attempts, a.id == r.attempt_id)
            .where(r.status == graded, r.artefacts.is_(None), r.out_dir.is_not(None))
        ).all()  # fmt: skip
    done = 0
    for table, rows in ((db.attempts, attempts), (db.regrade_results, candidates)):
        for row in rows:
            found = folder_artefacts(Path(row.out_dir) / safe_id(row.student_id))
            stored = json.dumps(graded_artefacts.put_all(blobs, found))
            with engine.begin() as conn:
                done += conn.execute(
                    table.update()
                    .where(table.c.id == row.id, table.c.artefacts.is_(None))
                    .values(artefacts=stored)
                ).rowcount
    if done:
        log.info("kept the artefacts of %d result(s) graded before revision 0018 in the blob store", done)
    return done


__all__ = ["import_legacy"]
