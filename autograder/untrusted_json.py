"""JSON written by a sandboxed program, parsed by the trusted parent (one helper for every channel).

Every channel a child writes and the parent parses goes through `loads`: progress lines, the
headers and JSON payloads of observation frames, observation files (the kernel child's, and the
parent's own copy of the stream), the container launcher's status file. The standard parser
recurses once per nesting level and raises RecursionError (not ValueError) from about 10,000
levels, which would escape every `except ValueError` and turn a student's input into a grader
fault. So the nesting is counted before parsing, on the raw bytes (brackets inside strings are
skipped), and deeper input is refused like any malformed JSON.

What the child legitimately writes is shallow: `observe._plain` refuses values nested deeper than
20 levels, and a file adds 3 levels around them.

`loads` is also where the parsed data becomes data the parent can use (student_input.py): bytes
must be UTF-8 (no UTF-16/32 guessing, no encoded surrogates), lone surrogates from `\\ud800` escapes
become U+FFFD, and an integer outside the int64 range becomes a float (`inf` beyond float's range),
so a count of 10**400 never makes `float()` or a format raise OverflowError in a verdict.

Also for reading such files: `read_capped` opens a path the child could have replaced (a FIFO, a
symlink, a device, a huge file) without blocking, without following a link and reading at most a
cap.
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from autograder.i18n import _
from autograder.student_input import StudentInputError, valid_data

MAX_DEPTH = 64
INT64 = 2**63
# a `\\ud8..`-`\\udf..` escape, or a surrogate's own UTF-8-like bytes (a str argument's surrogatepass)
_MAY_HOLD_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]|\xed[\xa0-\xbf]")
_OPEN = np.zeros(256, np.int8)
_OPEN[list(b"[{")] = 1
_OPEN[list(b"]}")] = -1
_CHUNK = 1 << 20


class UntrustedJSONError(StudentInputError):
    """Not JSON, or nested deeper than allowed."""

    def __init__(self, detail: str):
        super().__init__(detail, _("评分观测结果不是合法的 JSON。"))


def nesting_depth(data: bytes) -> int:
    """The deepest bracket nesting of `data` outside JSON strings: an upper bound on how deep a JSON
    parser recurses before it returns or fails (unbalanced input counts its open brackets).

    Linear in the input (numpy, in 1 MB chunks). A backslash escapes the next byte everywhere: inside
    a string that is JSON's rule, and outside one the parser fails at the backslash anyway, so how
    the rest is read no longer matters.
    """
    deepest, level, in_string, odd_backslashes = 0, 0, False, False
    for start in range(0, len(data), _CHUNK):
        b = np.frombuffer(data, np.uint8, min(_CHUNK, len(data) - start), start)
        is_bs = b == 0x5C
        idx = np.arange(b.size, dtype=np.int64)
        # index of the last non-backslash at or before i (a run carried over counts as one before 0)
        last_other = np.maximum.accumulate(np.where(is_bs, -1 - int(odd_backslashes), idx))
        run_before = np.empty(b.size, np.int64)  # backslashes right before position i
        run_before[0] = int(odd_backslashes)
        run_before[1:] = idx[:-1] - last_other[:-1]
        quote = (b == 0x22) & (run_before % 2 == 0)
        toggles = np.cumsum(quote, dtype=np.int64) + int(in_string)
        outside = (toggles % 2 == 0) & ~quote  # a closing quote has an even count: exclude it too
        steps = np.where(outside, _OPEN[b], 0).astype(np.int64)
        running = np.cumsum(steps) + level
        deepest = max(deepest, int(running.max()))
        level, in_string = int(running[-1]), bool(toggles[-1] % 2)
        odd_backslashes = bool((b.size - 1 - int(last_other[-1])) % 2)
    return deepest


def _bounded_int(digits: str) -> int | float:
    """A JSON integer: an int within int64, else a float (never int() of thousands of digits)."""
    if len(digits) > 20:
        return float(digits)
    n = int(digits)
    return n if -INT64 <= n < INT64 else float(n)


def loads(data: bytes | str, *, max_depth: int = MAX_DEPTH) -> Any:
    """`json.loads` for untrusted input: UntrustedJSONError (a StudentInputError, a ValueError) for
    anything that is not JSON, not UTF-8, or nested deeper than `max_depth`; never RecursionError.
    Strings come back valid (lone surrogates replaced), integers within int64 (else floats)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    brackets = raw.count(b"[") + raw.count(b"{")  # fast path: progress lines, frame headers
    if brackets > max_depth and nesting_depth(raw) > max_depth:
        raise UntrustedJSONError(f"JSON nested deeper than {max_depth} levels")
    try:
        text = data if isinstance(data, str) else raw.decode("utf-8")
        doc = json.loads(text, parse_int=_bounded_int)
    except (ValueError, RecursionError) as exc:  # RecursionError: belt and braces, see the module doc
        raise UntrustedJSONError(f"not JSON: {str(exc)[:200]}") from None
    if _MAY_HOLD_SURROGATE.search(raw):
        doc = valid_data(doc)
    return doc


class UnreadableFile(StudentInputError):
    """Missing, not a regular file (FIFO, socket, device, directory), a symlink, or unreadable."""

    def __init__(self, detail: str):
        super().__init__(detail, _("评分观测文件无法读取。"))


@dataclass(frozen=True)
class CappedRead:
    """What `read_capped` read: at most the cap's bytes, and whether the file holds more."""

    data: bytes
    truncated: bool


def read_capped(path: Path | str, cap: int) -> CappedRead:
    """At most `cap` bytes of the regular file at `path`, and whether it holds more. Never follows a
    symlink in the last component, never blocks on a FIFO, never reads past the cap."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY
    try:
        fd = os.open(path, flags)
    except OSError as exc:  # ELOOP for a symlink, ENXIO for a FIFO-less device, ...
        raise UnreadableFile(f"{path}: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UnreadableFile(f"{path}: not a regular file")
        chunks, size = [], 0
        while size <= cap:
            chunk = os.read(fd, min(_CHUNK, cap + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
        return CappedRead(data[:cap], truncated=len(data) > cap)
    except UnreadableFile:
        raise
    except OSError as exc:
        raise UnreadableFile(f"{path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
