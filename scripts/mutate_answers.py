"""Measure the hidden checks by mutation: every mutant of a reference answer should lose points.

    .venv/bin/python scripts/mutate_answers.py [--exercises ID,ID] [--limit N] [--jobs 2] [--json OUT.json]

1. Takes each exercise's reference answer (the master notebooks' answer cells, `solutions/`).
2. Makes its single-site mutants (autograder/mutation/operators.py): operators swapped or negated,
   constants, axes and `keepdims` changed, a `where` or a branch dropped, an input returned,
   arguments swapped, a top-level statement dropped; in `silu.cc` operator, constant and dtype
   mutations.
3. Grades all of them, plus one unmutated reference entry per chapter, in ONE batch through the
   real grader (`jaxgrade grade`, bwrap sandbox): each entry is the release's chapter notebook with
   every master answer, one exercise's answer replaced by its mutant.
4. Prints, per exercise, the kill rate over the non-equivalent mutants and every survivor. A mutant
   is killed when its exercise scores below full points. Mutants reviewed as equivalent (they
   compute the same function, so no check can tell) are listed with the reason in
   tests/corpus/mutants/equivalent.txt and left out of the rate.

Exit code 0 when every reference entry scored full points, 1 otherwise (a false fail), 2 on usage.
"""

from __future__ import annotations

import argparse
import ast
import csv
import difflib
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.exercises import CHAPTERS, EXERCISE_IDS  # noqa: E402
from autograder.model import ReleaseInfo  # noqa: E402
from autograder.mutation.operators import Mutant, mutants  # noqa: E402
from autograder.release.compile_cache import master_answers, with_answers  # noqa: E402

EQUIVALENT = REPO / "tests" / "corpus" / "mutants" / "equivalent.txt"
RELEASE = REPO / "assignments" / "2026-fall"


@dataclass(frozen=True)
class Entry:
    student: str
    chapter: str
    exercise: str
    mutant: Mutant | None  # None: the unmutated reference
    answer_cells: tuple[str, ...] = ()  # the exercise's unmutated answer cells


def read_equivalent(path: Path = EQUIVALENT) -> dict[tuple[str, str], str]:
    """(exercise, mutant id) -> why it is equivalent. Lines: `exercise mutant-id  # reason`."""
    out: dict[tuple[str, str], str] = {}
    if not path.is_file():
        return out
    for line in path.read_text(encoding="utf-8").splitlines():
        body, _, reason = line.partition("#")
        parts = body.split()
        if len(parts) == 2:
            out[(parts[0], parts[1])] = reason.strip()
    return out


def student_ids(release: Path, n: int) -> list[str]:
    """n ids whose recompile variant is the pool's first, the one the master's literal answers."""
    from jaxcourse.variants import load_pool, variant_index

    pool = load_pool(release / "jaxcourse" / "recompile_pool.json")
    ids, k = [], 0
    while len(ids) < n:
        sid = f"m{len(ids):04d}-{k}"
        k += 1
        if variant_index(sid, pool) == 0:
            ids.append(sid)
            k = 0
    return ids


def build_entries(release: Path, exercises: list[str], limit: int | None) -> tuple[list[Entry], dict]:
    """The entries to grade and, per chapter, the released notebook and the master answers."""
    chapters = {}
    for chapter, ids in CHAPTERS.items():
        nb_path = ReleaseInfo.load(release).notebooks[chapter]
        released = json.loads(nb_path.read_text(encoding="utf-8"))
        chapters[chapter] = (released, master_answers(REPO / "solutions", nb_path.name), ids)
    plan: list[tuple[str, str, Mutant | None]] = []
    for chapter, (_nb, answers, ids) in chapters.items():
        if any(ex in exercises for ex in ids):
            plan.append((chapter, "", None))
        for ex in ids:
            if ex in exercises:
                found = mutants(ex, answers[ex])
                plan.extend((chapter, ex, m) for m in (found[:limit] if limit else found))
    names = student_ids(release, len(plan))
    return [
        Entry(s, ch, ex, m, tuple(chapters[ch][1].get(ex, ())))
        for s, (ch, ex, m) in zip(names, plan, strict=True)
    ], chapters


def write_submissions(entries: list[Entry], chapters: dict, subs: Path) -> None:
    subs.mkdir(parents=True)
    for e in entries:
        released, answers, _ids = chapters[e.chapter]
        chosen = dict(answers)
        if e.mutant is not None:
            chosen[e.exercise] = list(e.mutant.cells)
        nb = with_answers(released, chosen)
        (subs / f"{e.student}.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def grade(subs: Path, out: Path, release: Path, jobs: int, timeout_scale: str) -> dict[str, dict[str, str]]:
    argv = [sys.executable, "-m", "autograder.cli", "grade", str(subs), "--out", str(out), "--release",
            str(release), "--jobs", str(jobs), "--timeout-scale", timeout_scale]  # fmt: skip
    proc = subprocess.run(argv, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"jaxgrade grade failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    with (out / "grades.csv").open(newline="", encoding="utf-8") as f:
        return {row["student_id"]: row for row in csv.DictReader(f)}


def summarise(entries: list[Entry], rows: dict[str, dict[str, str]], points: dict[str, float],
              equivalent: dict[tuple[str, str], str]) -> tuple[dict, list[str]]:  # fmt: skip
    """Per exercise counts, and the reference entries that did not score full points."""
    stats: dict[str, dict] = {}
    false_fails = []
    for e in entries:
        row = rows.get(e.student, {})
        if e.mutant is None:
            for ex in CHAPTERS[e.chapter]:
                if ex in points and row.get(ex, "") != f"{points[ex]:.2f}":
                    false_fails.append(f"{ex}: the reference scored {row.get(ex) or row.get('status')!r}")
            continue
        s = stats.setdefault(
            e.exercise, {"total": 0, "equivalent": 0, "killed": 0, "error": 0, "survivors": []}
        )
        s["total"] += 1
        cell = row.get(e.exercise, "")
        if (e.exercise, e.mutant.id) in equivalent:
            s["equivalent"] += 1
        elif cell == "":
            s["error"] += 1  # grader_error or not graded: neither killed nor survived; rerun
        elif float(cell) < points[e.exercise]:
            s["killed"] += 1
        else:
            s["survivors"].append(
                {
                    "id": e.mutant.id,
                    "what": e.mutant.description,
                    "student": e.student,
                    "diff": changed_lines(e),
                }
            )
    return stats, false_fails


def changed_lines(entry: Entry) -> list[str]:
    """The lines a mutant changed, against its answer cell in the same normalised form."""
    assert entry.mutant is not None
    cell = int(entry.mutant.id.split(":", 1)[0][1:])
    new = entry.mutant.cells[cell]
    old = entry.answer_cells[cell]
    if not old.lstrip().startswith("%%"):
        old = ast.unparse(ast.parse(old))  # Python mutants are unparsed: compare like with like
    diff = difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0)
    return [d.strip() for d in diff if d[:1] in "+-" and not d.startswith(("+++", "---"))]


def print_report(stats: dict, false_fails: list[str]) -> None:
    print(f"{'exercise':18s} {'mutants':>7s} {'equiv':>5s} {'killed':>6s} {'error':>5s} {'kill rate':>9s}")
    for ex in EXERCISE_IDS:
        if ex not in stats:
            continue
        s = stats[ex]
        live = s["total"] - s["equivalent"] - s["error"]
        rate = f"{s['killed'] / live:.1%}" if live else "-"
        print(f"{ex:18s} {s['total']:7d} {s['equivalent']:5d} {s['killed']:6d} {s['error']:5d} {rate:>9s}")
    for ex in EXERCISE_IDS:
        for sv in stats.get(ex, {}).get("survivors", []):
            print(f"survivor {ex} {sv['id']}  ({sv['what']}; entry {sv['student']})")
            for line in sv["diff"]:
                print(f"    {line[:150]}")
    for line in false_fails:
        print(f"FALSE FAIL {line}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--exercises", default=",".join(EXERCISE_IDS))
    ap.add_argument("--limit", type=int, default=None, help="at most N mutants per exercise (smoke runs)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout-scale", default="3")
    ap.add_argument("--release", type=Path, default=RELEASE)
    ap.add_argument("--json", type=Path, default=None, help="write every mutant's outcome here")
    ap.add_argument("--keep", type=Path, default=None, help="grade into this folder and keep it")
    args = ap.parse_args(argv)
    exercises = [x for x in args.exercises.split(",") if x]
    if unknown := [x for x in exercises if x not in EXERCISE_IDS]:
        ap.error(f"unknown exercises: {', '.join(unknown)}")
    points = ReleaseInfo.load(args.release).points  # the grader's own source of points
    entries, chapters = build_entries(args.release, exercises, args.limit)
    work = args.keep or Path(tempfile.mkdtemp(prefix="jaxgrade-mutants-"))
    try:
        write_submissions(entries, chapters, work / "subs")
        print(
            f"{len(entries)} entries ({sum(e.mutant is not None for e in entries)} mutants), one batch",
            flush=True,
        )
        rows = grade(work / "subs", work / "out", args.release, args.jobs, args.timeout_scale)
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    stats, false_fails = summarise(entries, rows, points, read_equivalent())
    print_report(stats, false_fails)
    if args.json:
        args.json.write_text(
            json.dumps({"stats": stats, "false_fails": false_fails}, indent=1), encoding="utf-8"
        )
    return 1 if false_fails else 0


if __name__ == "__main__":
    sys.exit(main())
