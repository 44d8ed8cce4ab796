"""Run notebook code in a real Jupyter kernel (nbclient + ipykernel) for the notebook tests.

`KernelSession` keeps one kernel alive so a test can run a master notebook top to bottom and then
run more cells (wrong answers, self-checks again) in the same session, which is much cheaper than
starting a kernel per variant. `notebook_workdir` lays out a folder the way a release does: the
notebook next to a copy of `jaxcourse/`, so the kernel imports the course library from its cwd.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from .paths import REPO

CELL_TIMEOUT_S = 180


@dataclass(frozen=True)
class CellRun:
    source: str
    text: str  # stream output plus text/plain results, in order
    error: str | None  # "EName: evalue" when the cell raised, else None
    html: str = ""  # text/html of the display outputs, in order (e.g. jaxcourse.submit()'s tables)

    @property
    def ok(self) -> bool:
        return self.error is None


def notebook_workdir(dest: Path, notebook: Path, extra: tuple[str, ...] = ("jaxcourse",)) -> Path:
    """Copy `notebook` and the repository folders in `extra` into `dest`; return the notebook copy."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in extra:
        shutil.copytree(REPO / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    target = dest / notebook.name
    shutil.copy2(notebook, target)
    return target


def _collect(cell: nbformat.NotebookNode) -> CellRun:
    parts: list[str] = []
    html: list[str] = []
    error = None
    for out in cell.get("outputs", []):
        kind = out.get("output_type")
        if kind == "stream":
            parts.append(out.get("text", ""))
        elif kind in ("execute_result", "display_data"):
            parts.append(out.get("data", {}).get("text/plain", ""))
            html.append(out.get("data", {}).get("text/html", ""))
        elif kind == "error":
            error = f"{out.get('ename')}: {out.get('evalue')}"
    return CellRun(source=cell.source, text="\n".join(parts), error=error, html="\n".join(html))


class KernelSession:
    """One live python3 kernel with its cwd in `workdir`; `run` executes one cell's source."""

    def __init__(self, workdir: Path, timeout: int = CELL_TIMEOUT_S) -> None:
        self._nb = nbformat.v4.new_notebook()
        self._nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        self._client = NotebookClient(
            self._nb,
            timeout=timeout,
            kernel_name="python3",
            allow_errors=True,
            resources={"metadata": {"path": str(workdir)}},
        )
        self._ctx = None

    def __enter__(self) -> KernelSession:
        self._ctx = self._client.setup_kernel()
        self._ctx.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        assert self._ctx is not None
        self._ctx.__exit__(*exc)

    def run(self, source: str) -> CellRun:
        cell = nbformat.v4.new_code_cell(source)
        self._nb.cells.append(cell)
        self._client.execute_cell(cell, len(self._nb.cells) - 1)
        return _collect(cell)

    def run_notebook(self, nb: nbformat.NotebookNode) -> list[tuple[nbformat.NotebookNode, CellRun]]:
        """Run every code cell of `nb` in order; returns (cell, result) pairs."""
        return [(cell, self.run(cell.source)) for cell in nb.cells if cell.cell_type == "code"]
