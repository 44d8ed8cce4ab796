"""A graded attempt's artefacts in the blob store: the one way back from grading (issue 42, section 2).

    put_all(blobs, artefacts) -> {kind: sha256}     the recording command, before its transaction
    read(blobs, stored, kind) -> bytes | None      every reader (feedback, TA log, diff, similarity)

The worker reads them from the grade host's result file (grade/result_file.py `read_graded`: each
under its cap, its size and sha256 proven) and the command that records the grade keeps their
digests in the attempt's row (`attempts.artefacts`, `regrade_results.artefacts`: JSON {kind: sha256})
in the same transaction as the grade. Nothing in the service reads the grading host's folder: a
try's folder may be gone (cleaned, another machine) and every page still shows what was graded.

Kinds: result_file.ARTEFACT_FILES (feedback_html, results_json, behaviour, quiz) and `maxima`, the
graded exercises' maxima from the checked result (JSON {exercise: points}).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from autograder.service.storage.blobs import BlobStore

MAXIMA = "maxima"


def put_all(blobs: BlobStore, artefacts: Mapping[str, bytes]) -> dict[str, str]:
    """Each artefact's bytes into the content-addressed store (written once; a blob of a grade whose
    transaction then fails is an unreferenced copy, never a wrong one): kind -> sha256."""
    return {kind: blobs.put(data) for kind, data in sorted(artefacts.items())}


def digests(stored: str | None) -> dict[str, str]:
    """The {kind: sha256} an `artefacts` column holds ({} for NULL or a row graded before it)."""
    if not stored:
        return {}
    try:
        doc = json.loads(stored)
    except ValueError:
        return {}
    return {str(k): str(v) for k, v in doc.items()} if isinstance(doc, dict) else {}


def read(blobs: BlobStore | None, stored: str | None, kind: str) -> bytes | None:
    """The artefact's bytes, or None when the row has none of that kind (or its blob is unreadable)."""
    digest = digests(stored).get(kind)
    if blobs is None or digest is None:
        return None
    try:
        return blobs.get(digest)
    except (OSError, ValueError):
        return None


def text(blobs: BlobStore | None, stored: str | None, kind: str) -> str | None:
    data = read(blobs, stored, kind)
    return None if data is None else data.decode("utf-8", "replace")


def maxima_bytes(maxima: Mapping[str, float]) -> bytes:
    return json.dumps(dict(sorted(maxima.items()))).encode("utf-8")


def maxima(blobs: BlobStore | None, stored: str | None) -> dict[str, float]:
    """Each graded exercise's maximum in the release that graded the attempt; {} when unknown."""
    data = read(blobs, stored, MAXIMA)
    try:
        doc: Any = json.loads(data) if data is not None else {}
        return {str(ex): round(float(m), 4) for ex, m in doc.items()}
    except (ValueError, TypeError, AttributeError):
        return {}


__all__ = ["MAXIMA", "digests", "maxima", "maxima_bytes", "put_all", "read", "text"]
