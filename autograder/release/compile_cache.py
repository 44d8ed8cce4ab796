"""Filling a release's trusted XLA compile cache (instructor / grader tool; the command is
autograder/commands/warm_cache.py).

Only trusted code ever runs in the fill: the masters' answers (`solutions/`, instructor code) and
the project's correct corpus variants (`tests/corpus/answers/<id>/`, verdict "full"), pasted into
the release's student notebooks and graded by the real runner (same sandbox, same setup cells,
same probes as a student's grading, each entry with its own seed), once per entry of the structure
pool (`exercises/structure_pool.py`), so every program structure a submission's inputs can have is
compiled. Their children (sandbox uids of `TRUSTED_FILL_UIDS`, a range no grading uses) write with
`jax_persistent_cache_min_compile_time_secs=0` into their own scratch folder; the runner harvests
those entries into the fill's staging folder (the grader's, 0700: no sandbox uid can reach it); no
student program is ever graded with a writable cache. The parent then copies every entry that is
a regular grader-owned file with an entry name into a fresh folder (entries 0444, folder 0711,
owned by the grader), refuses the rest by name, and renames the folder into place:
`<root>/<grade.compile_cache.cache_name(...)>/`, plus `<name>.json` (counts, 0600) next to it.

    jaxgrade warm-cache [--release DIR] [--solutions solutions] [--corpus tests/corpus/answers]
                        [--root DIR] [--isolation bwrap|rlimit|container] [--jobs N]
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import os
import secrets
import shutil
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autograder import registry
from autograder.exercises import EXERCISE_IDS, load
from autograder.exercises.structure_pool import POOL_SIZE
from autograder.grade import compile_cache
from autograder.model import ChapterNotebook, GraderFault, ReleaseInfo, StudentResult, StudentSubmission
from autograder.states import SANDBOXED_ISOLATIONS


@dataclass(frozen=True)
class TrustedEntry:
    """One trusted submission of the fill: whose answers it holds, per exercise."""

    name: str
    submission: StudentSubmission
    sources: dict[str, str]  # exercise id -> "reference" or "corpus:<variant>"


def _meta(cell: dict) -> dict:
    return cell.get("metadata", {}).get("jaxgrade") or {}


def _source(cell: dict) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def master_answers(solutions: Path, notebook_name: str) -> dict[str, list[str]]:
    """Exercise id -> the master's answer cells, in order."""
    master = json.loads((solutions / notebook_name).read_text(encoding="utf-8"))
    out: dict[str, list[str]] = {}
    for cell in master["cells"]:
        if cell["cell_type"] == "code" and _meta(cell).get("role") == "answer":
            out.setdefault(_meta(cell)["exercise"], []).append(_source(cell))
    return out


def corpus_variants(corpus: Path, exercise: str) -> list[tuple[str, str, list[str]]]:
    """(variant name, expected verdict, answer cells) of every variant in `corpus/<exercise>/`, by name."""
    folder = corpus / exercise
    try:
        expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    out = []
    for name, exp in sorted(expected.items()):
        verdict = exp.get("verdict") or exp.get("expect") or "?"  # ch02 and ch05 corpora spell it apart
        if (folder / f"{name}.py").is_file():
            cells = [(folder / f"{name}.py").read_text(encoding="utf-8")]
        elif (folder / name / "answer.py").is_file():
            files = sorted(p for p in (folder / name).iterdir() if p.name != "answer.py" and p.is_file())
            cells = [f"%%writefile {p.name}\n{p.read_text(encoding='utf-8')}" for p in files]
            cells.append((folder / name / "answer.py").read_text(encoding="utf-8"))
        else:
            continue
        out.append((name, verdict, cells))
    return out


def correct_variants(corpus: Path, exercise: str) -> list[tuple[str, list[str]]]:
    """(variant name, answer cells) of every corpus variant whose expected verdict is "full"."""
    return [(name, cells) for name, verdict, cells in corpus_variants(corpus, exercise) if verdict == "full"]


def with_answers(released: dict[str, Any], answers: dict[str, list[str]]) -> dict[str, Any]:
    """A copy of a released notebook whose answer cells hold `answers` (extra cells go into the last)."""
    nb = copy.deepcopy(released)
    slots: dict[str, list[dict]] = {}
    for cell in nb["cells"]:
        if cell["cell_type"] == "code" and _meta(cell).get("role") == "answer":
            slots.setdefault(_meta(cell)["exercise"], []).append(cell)
    for ex, cells in answers.items():
        for i, cell in enumerate(slots.get(ex, [])):
            last = i == len(slots[ex]) - 1
            cell["source"] = "\n\n".join(cells[i:]) if last else (cells[i] if i < len(cells) else "")
    return nb


def trusted_entries(release: ReleaseInfo, solutions: Path, corpus: Path | None) -> list[TrustedEntry]:
    """Entry 0: every master answer. Entry k: the k-th correct corpus variant of each exercise that
    has one (the master's answer elsewhere), so each correct program is compiled at least once."""
    released = {ch: json.loads(p.read_text(encoding="utf-8")) for ch, p in release.notebooks.items()}
    reference = {ch: master_answers(solutions, p.name) for ch, p in release.notebooks.items()}
    variants = (
        {ex: correct_variants(corpus, ex) for answers in reference.values() for ex in answers}
        if corpus is not None and corpus.is_dir()
        else {}
    )
    rounds = max((len(v) for v in variants.values()), default=0)
    entries = []
    for k in range(rounds + 1):
        notebooks, sources = {}, {}
        for ch, answers in reference.items():
            chosen = dict(answers)
            for ex in answers:
                sources[ex] = "reference"
                if k > 0 and k <= len(variants.get(ex, [])):
                    name, cells = variants[ex][k - 1]
                    chosen[ex], sources[ex] = cells, f"corpus:{name}"
            nb = with_answers(released[ch], chosen)
            notebooks[ch] = ChapterNotebook(ch, release.notebooks[ch].name, nb)
        digest = hashlib.sha256(
            json.dumps({ch: n.notebook for ch, n in notebooks.items()}, sort_keys=True).encode()
        ).hexdigest()
        name = "reference" if k == 0 else f"corpus-{k}"
        sub = StudentSubmission(f"warm-cache-{name}", digest, notebooks)
        entries.append(TrustedEntry(name, sub, sources))
    return entries


@dataclass(frozen=True)
class FillRun:
    """One grading of the fill: a trusted entry with every exercise's inputs on one pool structure."""

    entry: TrustedEntry
    structure_index: int
    exercises: tuple[str, ...]  # graded in this run (RunSettings.exercises)

    @property
    def name(self) -> str:
        return f"{self.entry.name}@{self.structure_index}"


def fill_runs(entries: list[TrustedEntry]) -> list[FillRun]:
    """Every entry on every pool structure. Entries past the first grade only their corpus variants
    (the first compiles the masters' answers on each structure), and a per-student exercise, whose
    inputs come from the student's variant and not from the pool, runs on the first structure only."""
    per_student = {ex for ex in EXERCISE_IDS if load(ex).EXERCISE.per_student}
    runs = []
    for i, entry in enumerate(entries):
        own = [ex for ex, src in entry.sources.items() if i == 0 or src != "reference"]
        for k in range(POOL_SIZE):
            chosen = tuple(ex for ex in own if k == 0 or ex not in per_student)
            if chosen:
                runs.append(FillRun(entry, k, chosen))
    return runs


def _make_folder(path: Path, mode: int) -> None:
    path.mkdir(mode=mode)
    os.chmod(path, mode)  # the umask must not weaken or strengthen it


@dataclass(frozen=True)
class Published:
    entries: int
    refused: dict[str, str]  # file name in staging -> why it was not published


def publish(staging: Path, final: Path) -> Published:
    """Copy the entries of the fill's private `staging` folder into a fresh folder owned by the
    grader, entries 0444, folder 0711; rename it to `final`. `staging` must be the grader's, mode
    0700 (GraderFault otherwise: someone else could have written into it). Only regular files with
    an entry name, one link, owned by the grader and writable by nobody else are published; every
    other name is refused and reported (`Published.refused`)."""
    problem = compile_cache.staging_problem(staging)
    if problem is not None:
        raise GraderFault(f"compile cache staging {staging} is not private to the grader: {problem}")
    fresh = final.with_name(f".{final.name}.new-{secrets.token_hex(4)}")
    _make_folder(fresh, 0o700)
    count, refused = 0, {}
    try:
        for entry in sorted(os.scandir(staging), key=lambda e: e.name):
            why = compile_cache.staged_entry_problem(staging, entry.name)
            if why is None:
                try:
                    fd = os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
                except OSError as exc:
                    why = f"unreadable: {exc}"
            if why is not None:
                refused[entry.name] = why
                continue
            with os.fdopen(fd, "rb") as src, open(fresh / entry.name, "xb") as dst:
                shutil.copyfileobj(src, dst)
            os.chmod(fresh / entry.name, 0o444)
            count += 1
        os.chmod(fresh, 0o711)
        if final.exists():
            old = final.with_name(f".{final.name}.old-{secrets.token_hex(4)}")
            os.rename(final, old)
            shutil.rmtree(old, ignore_errors=True)
        os.rename(fresh, final)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    return Published(count, refused)


@dataclass(frozen=True)
class FillFolders:
    """One fill's private folders: the work folder, and the staging folder inside it."""

    work: Path  # `<parent>/.fill-<random>`, removed after the fill
    staging: Path  # `<work>/xla`, where the harvested cache entries are gathered


def private_staging(parent: Path) -> FillFolders:
    """The work and staging folders for one fill: `<parent>/.fill-<random>/xla`, both the grader's
    and 0700. No sandbox uid can list, enter or write either; the fill's children write only into
    their own scratch folders, which the runner harvests into the staging (grade/compile_cache.py)."""
    work = parent / f".fill-{secrets.token_hex(8)}"
    _make_folder(work, compile_cache.STAGING_MODE)
    staging = work / "xla"
    _make_folder(staging, compile_cache.STAGING_MODE)
    return FillFolders(work, staging)


@dataclass(frozen=True)
class FillReport:
    path: Path
    entries: int
    seconds: float
    results: dict[str, StudentResult]  # run name ("<entry>@<structure index>") -> its grading
    short: dict[str, list[str]]  # run name -> exercises below full marks (trusted answers should not be)


def fill(
    release: ReleaseInfo,
    solutions: Path,
    corpus: Path | None,
    *,
    root: Path | None = None,
    isolation: str = "bwrap",
    jobs: int = 2,
    timeout_scale: float = 1.0,
    log: Callable[[str], None] = lambda _m: None,
) -> FillReport:
    """Grade every trusted entry with a writable staging cache and publish the result."""
    from autograder.grade.run import RunSettings, grade_submission
    from autograder.grade.run.settings import TRUSTED_FILL_UIDS

    if isolation not in SANDBOXED_ISOLATIONS:
        raise GraderFault(
            f"warm-cache needs a sandbox like grading's (bwrap, rlimit, container), not {isolation}"
        )
    final = compile_cache.cache_dir(release.root, release.version, root)
    final.parent.mkdir(parents=True, exist_ok=True)
    entries = trusted_entries(release, solutions, corpus)
    runs = fill_runs(entries)
    t0 = time.monotonic()
    folders = private_staging(final.parent)
    work, staging = folders.work, folders.staging
    try:
        # trusted runs take their sandbox uids from a range no grading ever uses (RunSettings checks)
        base = RunSettings(
            isolation=isolation,
            compile_cache=staging,
            compile_cache_fill=True,
            timeout_scale=timeout_scale,
            uids=TRUSTED_FILL_UIDS,
        )

        def one(run: FillRun) -> tuple[str, StudentResult]:
            settings = dataclasses.replace(base, structure_index=run.structure_index, exercises=run.exercises)
            result = grade_submission(run.entry.submission, release, settings)
            log(f"  {run.name}: {result.total:g}/{result.max_total:g}")
            return run.name, result

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            # The parent's own expected values are remembered as the trusted runs are judged
            # (exercises/reference_memo.py); a variant pool is measured whole, in one process.
            measured = [
                pool.submit(load(ex).measure_pool, release.root) for ex in registry.variant_exercises()
            ]
            results = dict(pool.map(one, runs))
            for m in measured:
                m.result()  # a failed clean measurement is the grader's fault: say so here
        published = publish(staging, final)
        count = published.entries
        for name, why in sorted(published.refused.items()):
            log(f"  refused {name!r} from staging: {why}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    short = {
        name: [ex for ex, s in r.scores.items() if s.score < s.max_score - 1e-9]
        for name, r in results.items()
    }
    short = {name: exs for name, exs in short.items() if exs}
    seconds = time.monotonic() - t0
    sidecar = final.with_name(final.name + ".json")
    doc = {
        "entries": count,
        "seconds": round(seconds, 1),
        "filled_at": time.time(),
        "runs": {e.name: e.sources for e in entries},
        "structure_pool": POOL_SIZE,
        "gradings": len(runs),
        "below_full": short,
        "refused": published.refused,
    }
    fd = os.open(sidecar, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
    return FillReport(final, count, seconds, results, short)
