"""Reading a multipart/form-data upload from a request with a hard size cap (trusted side).

The cap is enforced twice: a declared Content-Length over it is refused without reading the body,
and the body is streamed chunk by chunk with a running count, so a request without (or lying about)
Content-Length is cut off as soon as it passes the cap. Parts are counted too.

While the body streams in, each file part is written to its own file in the service's spool
(`DIR/spool/`, owned by the domain's entry for the upload: `domain/entry/upload_entry.py`), not kept in
memory, so concurrent large uploads do not each hold their whole body in the event loop's process
while slow clients send them. The parser runs in a worker
thread, a chunk at a time, so its file writes never block the event loop. `read_upload` is an async
context manager: the upload's bytes are read back (bounded by the cap) for the entry's `submit` to
check and store, and every spool file is removed (in a worker thread) when the block ends,
accepted or not. Used by the
JSON API and the pages' upload form. A spool that cannot be written (disk full) is a 503 that tells
the student nothing was kept; the cause goes to the log.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import anyio
import anyio.to_thread
from python_multipart.multipart import MultipartParser, MultipartState, parse_options_header
from starlette.requests import Request

from autograder.service.domain.entry.upload_entry import StreamedPart, UploadEntry
from autograder.service.domain.intake.upload_rules import too_large
from autograder.service.records import Refusal, refusal

log = logging.getLogger("jaxgrade.service.uploads")

__all__ = ["ENVELOPE_BYTES", "Upload", "declared_length_ok", "read_upload", "too_large"]

ENVELOPE_BYTES = 64 * 1024  # multipart headers and boundaries on top of the files' bytes
MAX_FIELD_BYTES = 8 * 1024  # a plain form field (e.g. a CSRF token)
EXTRA_PARTS = 8  # plain fields allowed next to the files (the pages' CSRF token, ...)


@dataclass(frozen=True)
class Upload:
    files: list[tuple[str, bytes]]  # (client file name, bytes) of the file field, in order
    fields: dict[str, str]  # other (small) form fields


def declared_length_ok(request: Request, max_bytes: int) -> None:
    """Refuse (413) a request whose Content-Length is over the cap, before its body is read."""
    length = request.headers.get("content-length")
    if length is None:
        return
    try:
        n = int(length)
    except ValueError:
        raise refusal(400, "bad_request", "bad Content-Length") from None
    if n > max_bytes + ENVELOPE_BYTES:
        raise too_large(max_bytes)


def too_many_files(max_files: int) -> Refusal:
    return refusal(413, "too_many_files", f"more than {max_files} files in one upload", max_files=max_files)


class _Parts:
    """python-multipart's callbacks for one body: file parts of `field` into the entry's spool files,
    small plain fields into memory, anything else dropped (but counted by the body cap)."""

    def __init__(self, entry: UploadEntry, *, field: str, max_files: int):
        self._entry, self._field, self._max_files = entry, field, max_files
        self._parts = 0
        self._header_name, self._header_value = bytearray(), bytearray()
        self._headers: dict[bytes, bytes] = {}
        self._file: tuple[str, StreamedPart] | None = None  # the file part being written
        self._value: tuple[str, bytearray] | None = None  # the plain field being read
        self.files: list[tuple[str, StreamedPart]] = []
        self.fields: dict[str, str] = {}

    def callbacks(self) -> dict[str, object]:
        return {
            "on_part_begin": self.on_part_begin,
            "on_header_field": lambda data, start, end: self._header_name.extend(data[start:end]),
            "on_header_value": lambda data, start, end: self._header_value.extend(data[start:end]),
            "on_header_end": self.on_header_end,
            "on_headers_finished": self.on_headers_finished,
            "on_part_data": self.on_part_data,
            "on_part_end": self.on_part_end,
        }

    def on_part_begin(self) -> None:
        self._parts += 1
        if self._parts > self._max_files + EXTRA_PARTS:
            raise too_many_files(self._max_files)
        self._headers.clear()

    def on_header_end(self) -> None:
        self._headers[bytes(self._header_name).lower()] = bytes(self._header_value)
        self._header_name.clear()
        self._header_value.clear()

    def on_headers_finished(self) -> None:
        _, disp = parse_options_header(self._headers.get(b"content-disposition", b""))
        name = disp.get(b"name", b"").decode("utf-8", "replace")
        filename = disp.get(b"filename")
        if filename is None:
            self._value = (name, bytearray())
        elif name == self._field:
            if len(self.files) >= self._max_files:
                raise too_many_files(self._max_files)
            self._file = (filename.decode("utf-8", "replace"), self._entry.new_part())

    def on_part_data(self, data: bytes, start: int, end: int) -> None:
        if self._file is not None:
            self._file[1].write(data[start:end])
        elif self._value is not None and len(self._value[1]) <= MAX_FIELD_BYTES:
            self._value[1].extend(data[start:end][: MAX_FIELD_BYTES + 1 - len(self._value[1])])

    def on_part_end(self) -> None:
        if self._file is not None:  # left open to be read back (`remove_parts` closes it)
            self.files.append(self._file)
        elif self._value is not None and len(self._value[1]) <= MAX_FIELD_BYTES:
            self.fields[self._value[0]] = self._value[1].decode("utf-8", "replace")
        self._file = self._value = None

    def upload(self) -> Upload:
        """The parsed upload, its files' bytes read back from the spool."""
        return Upload([(name, part.read_bytes()) for name, part in self.files], dict(self.fields))


def _boundary(request: Request) -> bytes:
    ctype, params = parse_options_header(request.headers.get("content-type", ""))
    boundary = params.get(b"boundary")
    if ctype != b"multipart/form-data" or not boundary:
        raise refusal(400, "not_multipart", "expected a multipart/form-data body with a 'files' field")
    return boundary


def spool_failed(exc: OSError) -> Refusal:
    """503 for an upload the spool could not hold (disk full, a file size limit): the student is
    told nothing was kept and to try again later; the TA finds the cause in the log."""
    log.error("upload spool write failed: %s", exc)
    return refusal(
        503, "spool_full", f"the upload could not be stored: {exc.strerror or exc}", retry_after=60
    )


async def _parse_body(request: Request, parser: MultipartParser, max_bytes: int) -> None:
    """Feed the body to the parser as it streams in; 413 past the cap, 400 for a broken body
    (or a client that went away mid-body: its answer is never read)."""
    received = 0
    try:
        async for chunk in request.stream():
            received += len(chunk)
            if received > max_bytes + ENVELOPE_BYTES:
                raise too_large(max_bytes)
            if chunk:
                await anyio.to_thread.run_sync(parser.write, chunk)
        parser.finalize()
    except Refusal:
        raise
    except OSError as exc:  # a spool write that failed (disk full): the service's fault, not a 400
        raise spool_failed(exc) from None
    except Exception as exc:  # python-multipart's parse errors, starlette's ClientDisconnect
        raise refusal(400, "bad_upload", f"malformed multipart body: {exc}") from None
    if parser.state != MultipartState.END:
        # python-multipart's finalize accepts a body cut off before its closing boundary (e.g. a
        # Content-Length shorter than what was sent): its last part may be cut off too
        raise refusal(400, "bad_upload", "malformed multipart body: no closing boundary")


@asynccontextmanager
async def read_upload(
    request: Request, entry: UploadEntry, *, max_bytes: int, max_files: int, field: str = "files"
) -> AsyncIterator[Upload]:
    """The request's multipart upload: files of `field` (written to `entry`'s spool files as they
    stream in), plus small other fields; the entry's spool files are removed when the block ends.

    Raises Refusal: 413 over `max_bytes` (+ envelope) or more than `max_files` files (or too many
    parts), 400 not multipart/form-data or broken, 503 when the spool cannot be written."""
    declared_length_ok(request, max_bytes)
    boundary = _boundary(request)
    try:
        parts = _Parts(entry, field=field, max_files=max_files)
        await _parse_body(request, MultipartParser(boundary, parts.callbacks()), max_bytes)  # type: ignore[arg-type]
        try:  # the part files are buffered: their last bytes reach the disk when read back
            upload = await anyio.to_thread.run_sync(parts.upload)
        except OSError as exc:
            raise spool_failed(exc) from None
        yield upload
    finally:
        # Unlinking a 20 MB file is disk work: a worker thread, shielded so that a cancelled request
        # (the client gone) still removes its files.
        with anyio.CancelScope(shield=True):
            await anyio.to_thread.run_sync(entry.remove_parts)
