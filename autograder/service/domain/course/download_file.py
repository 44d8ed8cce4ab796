"""A file the service hands to a browser as a download: the name it is saved under and its bytes."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DownloadFile:
    name: str  # the file name offered to the browser (a base name, not a path)
    data: bytes
