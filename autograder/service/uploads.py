"""Reading a multipart/form-data upload from a request with a hard size cap (trusted side).

The cap is enforced twice before anything is kept: a declared Content-Length over it is refused
without reading the body, and the body is streamed chunk by chunk with a running count, so a
request without (or lying about) Content-Length is cut off as soon as it passes the cap. Parts
are counted too. Used by the JSON API and the pages' upload form.
"""

from __future__ import annotations

from dataclasses import dataclass

from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import Request

from autograder.service.records import Refusal, refusal
from autograder.service.upload_rules import too_large

__all__ = ["ENVELOPE_BYTES", "Upload", "declared_length_ok", "read_upload", "too_large"]

ENVELOPE_BYTES = 64 * 1024  # multipart headers and boundaries on top of the files' bytes
MAX_FIELD_BYTES = 8 * 1024  # a plain form field (e.g. a CSRF token)


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


async def read_upload(request: Request, *, max_bytes: int, max_files: int, field: str = "files") -> Upload:
    """Parse the request's multipart body: files of `field`, plus small other fields.

    Raises Refusal: 413 over `max_bytes` (+ envelope) or more than `max_files` parts,
    400 not multipart/form-data or broken."""
    # over 80 lines: the multipart parser's six callbacks are closures over this body's parts and headers
    declared_length_ok(request, max_bytes)
    ctype, params = parse_options_header(request.headers.get("content-type", ""))
    boundary = params.get(b"boundary")
    if ctype != b"multipart/form-data" or not boundary:
        raise refusal(400, "not_multipart", "expected a multipart/form-data body with a 'files' field")
    max_parts = max_files + 8
    parts: list[dict[str, object]] = []
    header_name = bytearray()
    header_value = bytearray()
    headers: dict[bytes, bytes] = {}
    chunks: list[bytes] = []

    def on_part_begin() -> None:
        if len(parts) >= max_parts:
            raise refusal(
                413, "too_many_files", f"more than {max_files} files in one upload", max_files=max_files
            )
        headers.clear()
        chunks.clear()

    def on_header_field(data: bytes, start: int, end: int) -> None:
        header_name.extend(data[start:end])

    def on_header_value(data: bytes, start: int, end: int) -> None:
        header_value.extend(data[start:end])

    def on_header_end() -> None:
        headers[bytes(header_name).lower()] = bytes(header_value)
        header_name.clear()
        header_value.clear()

    def on_part_data(data: bytes, start: int, end: int) -> None:
        chunks.append(data[start:end])

    def on_part_end() -> None:
        _, disp = parse_options_header(headers.get(b"content-disposition", b""))
        name = disp.get(b"name", b"").decode("utf-8", "replace")
        filename = disp.get(b"filename")
        parts.append(
            {
                "name": name,
                "filename": None if filename is None else filename.decode("utf-8", "replace"),
                "data": b"".join(chunks),
            }
        )
        chunks.clear()

    parser = MultipartParser(
        boundary,
        {
            "on_part_begin": on_part_begin,
            "on_header_field": on_header_field,
            "on_header_value": on_header_value,
            "on_header_end": on_header_end,
            "on_part_data": on_part_data,
            "on_part_end": on_part_end,
        },
    )
    received = 0
    try:
        async for chunk in request.stream():
            received += len(chunk)
            if received > max_bytes + ENVELOPE_BYTES:
                raise too_large(max_bytes)
            parser.write(chunk)
        parser.finalize()
    except Refusal:
        raise
    except Exception as exc:  # python-multipart's parse errors: the client sent a broken body
        raise refusal(400, "bad_upload", f"malformed multipart body: {exc}") from None
    files: list[tuple[str, bytes]] = []
    fields: dict[str, str] = {}
    for p in parts:
        data = p["data"]
        assert isinstance(data, bytes)
        if p["name"] == field and p["filename"] is not None:
            files.append((str(p["filename"]), data))
        elif p["filename"] is None and len(data) <= MAX_FIELD_BYTES:
            fields[str(p["name"])] = data.decode("utf-8", "replace")
    if len(files) > max_files:
        raise refusal(
            413, "too_many_files", f"more than {max_files} files in one upload", max_files=max_files
        )
    return Upload(files, fields)
