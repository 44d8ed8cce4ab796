"""Turn otter's student notebook into the released one: metadata only, never cell sources.

- every cell that came from the master keeps (or gets back) its `jaxgrade` metadata, matched to the
  master cell by order;
- the cells otter generates get `{"role": "selfcheck"}` (the init cell, export cells) or
  `{"role": "selfcheck", "exercise": id}` (`grader.check("id")`), so the grader never runs them;
- notebook metadata `jaxgrade = {"chapter", "release"}`;
- determinism: cell ids derived from position + type + source, volatile metadata dropped, outputs
  and execution counts cleared, nbformat 4.5, serialised with sorted keys and a final newline.
"""

from __future__ import annotations

import copy
import hashlib
import re
from dataclasses import dataclass
from typing import Any

import nbformat

from autograder.release.masters import MasterNotebook

_CHECK = re.compile(r'^grader\.check\("([A-Za-z0-9_]+)"\)$')
# Cells `otter assign` writes itself (otter/assign/cell_factory.py, notebook_transformer.py).
_GENERATED_CODE = (
    re.compile(r"^# Initialize Otter\nimport otter\ngrader = otter\.Notebook\(.*\)$", re.DOTALL),
    re.compile(r"^grader\.check_all\(\)$"),
    re.compile(r"grader\.export\(.*\)$", re.DOTALL),
    re.compile(r"^%pip install -q otter-grader$"),
)
_GENERATED_MARKDOWN = (
    re.compile(r"^---\n\nTo double-check your work", re.DOTALL),
    re.compile(r"^## Submission\n\nMake sure you have run all cells", re.DOTALL),
    re.compile(r"^_Type your answer here, replacing this text\._$"),
    re.compile(r"^(<!-- (BEGIN|END) QUESTION -->\s*)+$"),
    re.compile(r"^\s*$"),
)
_KEEP_CELL_META = ("jaxgrade", "tags", "editable", "deletable", "jupyter", "slideshow")
_KEEP_NB_META = ("jaxgrade", "kernelspec", "language_info", "otter")


class PostprocessError(ValueError):
    """otter's student notebook cannot be matched to its master."""


def _src(cell: Any) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else str(s)


def _generated_role(cell: Any) -> dict[str, Any] | None:
    """The jaxgrade metadata for a cell otter generated, or None if the cell is not otter's."""
    src = _src(cell)
    if cell.cell_type == "code":
        m = _CHECK.match(src)
        if m:
            return {"role": "selfcheck", "exercise": m.group(1)}
        if any(p.search(src) for p in _GENERATED_CODE):
            return {"role": "selfcheck"}
        return None
    if cell.cell_type == "markdown" and any(p.search(src) for p in _GENERATED_MARKDOWN):
        return {}
    return None


def _align_metadata(nb: Any, master: MasterNotebook) -> int:
    """Match released cells to surviving master cells in order; returns how many were restored."""
    pending = list(master.surviving)
    restored = 0
    for pos, cell in enumerate(nb.cells):
        gen = _generated_role(cell)
        head = pending[0] if pending else None
        # A released cell that looks generated but equals the next master cell came from the master.
        if (
            gen is not None
            and not cell.metadata.get("jaxgrade")
            and not (
                head is not None
                and head.cell_type == cell.cell_type
                and head.source.strip() == _src(cell).strip()
            )
        ):
            if gen:
                cell.metadata["jaxgrade"] = gen
            continue
        if head is None:
            raise PostprocessError(
                f"released cell {pos} ({cell.cell_type}) has no counterpart in {master.path.name}"
            )
        pending.pop(0)
        if head.cell_type != cell.cell_type:
            raise PostprocessError(
                f"released cell {pos} is {cell.cell_type} but master cell {head.index} is {head.cell_type}"
            )
        if head.jaxgrade is not None and cell.metadata.get("jaxgrade") != head.jaxgrade:
            cell.metadata["jaxgrade"] = copy.deepcopy(head.jaxgrade)
            restored += 1
    if pending:
        raise PostprocessError(
            f"master cells {[c.index for c in pending]} of {master.path.name} "
            "did not reach the student notebook"
        )
    return restored


def cell_id(position: int, cell: Any) -> str:
    h = hashlib.sha256(f"{position}\0{cell.cell_type}\0{_src(cell)}".encode())
    return h.hexdigest()[:16]


def normalise(nb: Any, *, chapter: str, version: str) -> Any:
    """Deterministic form of a released notebook (in place; also returned)."""
    nb.nbformat, nb.nbformat_minor = 4, max(5, int(nb.get("nbformat_minor", 5)))
    nb.metadata = nbformat.NotebookNode(
        {k: copy.deepcopy(v) for k, v in nb.metadata.items() if k in _KEEP_NB_META}
    )
    nb.metadata["jaxgrade"] = {"chapter": chapter, "release": version}
    for pos, cell in enumerate(nb.cells):
        cell.source = _src(cell)
        cell.metadata = nbformat.NotebookNode(
            {k: v for k, v in cell.metadata.items() if k in _KEEP_CELL_META}
        )
        if "tags" in cell.metadata:
            if cell.metadata.tags:
                cell.metadata.tags = sorted(set(cell.metadata.tags))
            else:
                del cell.metadata["tags"]
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        if "attachments" in cell and not cell.attachments:
            del cell["attachments"]
        cell.id = cell_id(pos, cell)
    nbformat.validate(nb)
    return nb


def dumps(nb: Any) -> bytes:
    text = nbformat.writes(nb, version=4)
    return (text if text.endswith("\n") else text + "\n").encode("utf-8")


@dataclass(frozen=True)
class ReleasedNotebook:
    """A student notebook as released, and how many of its cells had their metadata restored."""

    data: bytes
    restored_cells: int  # cells whose `jaxgrade` metadata otter dropped and the master gave back


def release_notebook(student_nb_text: str, master: MasterNotebook, version: str) -> ReleasedNotebook:
    """otter's student notebook (text) -> the released bytes and the number of cells whose metadata
    was restored."""
    nb = nbformat.reads(student_nb_text, as_version=4)
    restored = _align_metadata(nb, master)
    normalise(nb, chapter=master.chapter, version=version)
    return ReleasedNotebook(dumps(nb), restored)
