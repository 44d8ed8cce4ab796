"""Pins of the hash-locked requirement files, as the environment here would install them."""

from __future__ import annotations

import re
from pathlib import Path

from packaging.markers import Marker
from packaging.utils import canonicalize_name

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;\\]+)")


def read_lock(path: Path) -> dict[str, str]:
    """name -> version for every pin whose environment marker holds here (this Python, Linux);
    asserts each pin is followed by at least one sha256 hash."""
    pins: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        m = PIN.match(line)
        if not m:
            continue
        follow = "\n".join(lines[i : i + 3])
        assert "--hash=sha256:" in follow, f"{path.name}: {m.group(1)} has no hash"
        marker = line.split(";", 1)[1].rstrip(" \\") if ";" in line else ""
        if marker and not Marker(marker).evaluate():
            continue
        pins[canonicalize_name(m.group(1))] = m.group(2)
    assert pins, f"{path} pins nothing"
    return pins
