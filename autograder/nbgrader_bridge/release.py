"""`jaxgrade release --version V --nbgrader COURSE_DIR`: the release, as an nbgrader assignment too.

After the otter release is built and checked: write `COURSE_DIR/source/V/` (source.py), run the real
`nbgrader generate_assignment V` in nbgrader's own environment (venv.py), then check
`COURSE_DIR/release/V/` like the otter release: no answer line of a master survives in any file,
every exercise has its `<exercise>_check` cell with the manifest's points, and every answer cell
shows the student what the otter release shows (same lines, blank lines aside).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autograder.nbgrader_bridge import venv
from autograder.nbgrader_bridge.source import SourceError, write_source
from autograder.release.build import library_files
from autograder.release.masters import MasterError, find_masters
from autograder.release.verify import distinctive_answer_lines, find_leaks


class NbgraderReleaseError(RuntimeError):
    pass


@dataclass(frozen=True)
class NbgraderRelease:
    source: Path
    release: Path
    notebooks: tuple[str, ...]


def _lines(source: Any) -> list[str]:
    text = "".join(source) if isinstance(source, list) else str(source)
    return [line.rstrip() for line in text.splitlines() if line.strip()]


def check_nbgrader_release(release: Path, otter_release: Path, answers: dict[str, str]) -> list[str]:
    manifest = json.loads((otter_release / "manifest.json").read_text(encoding="utf-8"))
    points = {e["id"]: float(e["points"]) for e in manifest["exercises"]}
    problems = [f"answer of {leak.exercise} survives in {leak.file} line {leak.line_no}: {leak.text!r}"
                for leak in find_leaks(release, answers)]  # fmt: skip
    checks: dict[str, float] = {}
    for name in sorted(manifest["notebooks"].values()):
        path = release / name
        if not path.is_file():
            problems.append(f"nbgrader release has no {name}")
            continue
        ours = json.loads(path.read_text(encoding="utf-8"))["cells"]
        otter = [  # nbgrader's copy drops the submit cell (students submit through the exchange)
            c for c in json.loads((otter_release / name).read_text(encoding="utf-8"))["cells"]
            if (c.get("metadata", {}).get("jaxgrade") or {}).get("role") != "submit"
        ]
        if len(ours) != len(otter):
            problems.append(f"{name}: {len(ours)} cells, the otter release has {len(otter)}")
            continue
        for i, (a, b) in enumerate(zip(ours, otter, strict=True)):
            nbg = a.get("metadata", {}).get("nbgrader", {})
            if nbg.get("grade") and str(nbg.get("grade_id", "")).endswith("_check"):
                checks[nbg["grade_id"].removesuffix("_check")] = float(nbg.get("points", 0))
            if nbg.get("solution") and _lines(a["source"]) != _lines(b["source"]):
                problems.append(f"{name} cell {i}: the nbgrader answer cell differs from the otter release's")
    for ex, pts in points.items():
        if checks.get(ex) != pts:
            problems.append(f"exercise {ex}: {ex}_check has points {checks.get(ex)}, the manifest {pts}")
    return problems


def release_to_nbgrader(otter_release: Path, solutions: Path, course_dir: Path,
                        log: Callable[[str], None] = print) -> NbgraderRelease:  # fmt: skip
    try:
        masters = find_masters(solutions)
        version = json.loads((otter_release / "manifest.json").read_text(encoding="utf-8"))["version"]
        course_dir.mkdir(parents=True, exist_ok=True)
        source = write_source(otter_release, masters, course_dir)
    except (MasterError, SourceError, OSError, ValueError, KeyError) as exc:
        raise NbgraderReleaseError(f"cannot write the nbgrader source: {exc}") from exc
    log(f"nbgrader: wrote {source}; running nbgrader generate_assignment {version}")
    try:
        answer = venv.call("generate", course_dir, {"assignment": version})
    except venv.NbgraderError as exc:
        raise NbgraderReleaseError(str(exc)) from exc
    release = Path(answer["release"])
    shipped_anyway = {
        line.strip()
        for p in library_files().values()
        for line in p.read_text(encoding="utf-8", errors="replace").splitlines()
    }
    problems = check_nbgrader_release(
        release, otter_release, distinctive_answer_lines(masters, shipped_anyway)
    )
    if problems:
        raise NbgraderReleaseError("nbgrader release refused:\n  " + "\n  ".join(problems))
    log(f"nbgrader: {release} checked (no answer line, points as in the manifest)")
    return NbgraderRelease(source, release, tuple(answer["notebooks"]))
