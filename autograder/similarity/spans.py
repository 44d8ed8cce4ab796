"""A normalised token and where it came from (shared by the tokeniser and its rewrites)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Token:
    text: str  # normalised: "N", "L", ".name" or the keyword/operator itself
    start: int  # byte offsets into the unit's UTF-8 source
    end: int
