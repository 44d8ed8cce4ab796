"""The CSV-injection check shared by the export tests: no cell may start a spreadsheet formula."""

from __future__ import annotations

import csv
import io

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")


def cells(text: str) -> list[str]:
    return [c for row in csv.reader(io.StringIO(text, newline="")) for c in row]


def assert_inert(text: str) -> None:
    """No cell, nor any part of it after a tab or CR, starts a formula; no tab or CR is left in a cell."""
    for cell in cells(text):
        for part in cell.replace("\r", "\t").split("\t"):
            assert not part.startswith(FORMULA_START[:4] + FORMULA_START[6:]), repr(cell)
        assert "\t" not in cell and "\r" not in cell, repr(cell)
