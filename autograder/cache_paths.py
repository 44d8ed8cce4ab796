"""Where the grader's machine-local caches live (bottom layer: the compile cache and the reference memo)."""

from __future__ import annotations

import os
from pathlib import Path

ENV_ROOT = "JAXGRADE_COMPILE_CACHE_ROOT"


def default_root() -> Path:
    """`$JAXGRADE_COMPILE_CACHE_ROOT`, else `$XDG_CACHE_HOME/jaxgrade/xla` (default `~/.cache/...`)."""
    if os.environ.get(ENV_ROOT):
        return Path(os.environ[ENV_ROOT])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "jaxgrade" / "xla"
