"""The grader version: what a worker must run exactly for its grades to equal the client's.

`<package version>+<sha256 of the grader's sources, 16 hex>`: every `.py` file under `autograder/`
and `jaxcourse/` (the parent imports jaxcourse's compiler flags), by relative path and content. A
worker whose string differs is refused; the string is also part of every task key.
"""

from __future__ import annotations

import hashlib
from functools import cache
from importlib import metadata
from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parents[2]
SOURCE_FOLDERS = ("autograder", "jaxcourse")


def package_version() -> str:
    try:
        return metadata.version("jaxgrade")
    except metadata.PackageNotFoundError:
        return "0+unknown"


@cache
def grader_version() -> str:
    h = hashlib.sha256(b"jaxgrade-grader-v1\0")
    for folder in SOURCE_FOLDERS:
        for p in sorted((SOURCE_ROOT / folder).rglob("*.py")):
            if "__pycache__" in p.parts:
                continue
            h.update(p.relative_to(SOURCE_ROOT).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(p.read_bytes()).digest())
    return f"{package_version()}+{h.hexdigest()[:16]}"
