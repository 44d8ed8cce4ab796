"""Grades before and after a change: the proof that a refactoring changed no behaviour.

    .venv/bin/python scripts/compare_grades.py BASE_REV [--work DIR] [--jobs 2]
                                               [--sets examples,hostile,answers]

Grades the same submissions with the code at BASE_REV (a temporary `git worktree`) and with the
working tree, each through its own `jaxgrade grade --compile-cache off`, and compares, byte for
byte, every `grades.csv` and every student's `feedback.md` (with object addresses and sandbox uids,
which hostile cells print and which differ between two runs of the same code, masked). Exit 0 when
all are identical, 1 when anything differs (the differing files are listed), 2 on a usage or setup
error.

The submission sets:
  examples  examples/submissions/ (the README's bundled batch)
  hostile   tests/corpus/hostile/<case>/ (every case's notebooks, without its expected.json)
  answers   the answer corpus: entry 0 holds every master answer, entry k the (k-1)-th variant of
            each exercise (cycling), until every variant of every exercise was graded once
Both trees grade the working tree's copies of these files, so only the grader code differs. Both
run with the same venv (`sys.executable`); `PYTHONPATH` puts each tree's `autograder/` first.
Hostile cases are graded as the test suite grades them: sandboxed, with bounded, detectable effects.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.exercises import EXERCISE_IDS  # noqa: E402
from autograder.model import ReleaseInfo  # noqa: E402
from autograder.release.compile_cache import corpus_variants, master_answers, with_answers  # noqa: E402

SETS = ("examples", "hostile", "answers")


def answer_corpus_submissions(release: ReleaseInfo, subs: Path) -> int:
    """SUBS/aNN/<chapter notebook>: the master, then every corpus variant once; returns the count."""
    released = {ch: json.loads(p.read_text(encoding="utf-8")) for ch, p in release.notebooks.items()}
    masters = {ch: master_answers(REPO / "solutions", p.name) for ch, p in release.notebooks.items()}
    variants = {ex: corpus_variants(REPO / "tests" / "corpus" / "answers", ex) for ex in EXERCISE_IDS}
    count = 1 + max(len(v) for v in variants.values())
    for k in range(count):
        folder = subs / f"a{k:02d}"
        folder.mkdir(parents=True)
        for ch, path in release.notebooks.items():
            answers = dict(masters[ch])
            if k > 0:
                for ex in answers:
                    if variants.get(ex):
                        answers[ex] = variants[ex][(k - 1) % len(variants[ex])][2]
            nb = with_answers(released[ch], answers)
            (folder / path.name).write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return count


def hostile_submissions(subs: Path) -> int:
    cases = sorted(p for p in (REPO / "tests" / "corpus" / "hostile").iterdir() if p.is_dir())
    for case in cases:
        shutil.copytree(case, subs / case.name, ignore=shutil.ignore_patterns("expected.json"))
    return len(cases)


def build_sets(names: list[str], root: Path) -> dict[str, Path]:
    # the newest release folder (assignments/ also holds each release's quiz key, <version>.quiz-key.json)
    release = ReleaseInfo.load(max(p for p in (REPO / "assignments").iterdir() if p.is_dir()))
    out = {}
    for name in names:
        subs = root / "submissions" / name
        if name == "examples":
            shutil.copytree(REPO / "examples" / "submissions", subs)
        elif name == "hostile":
            subs.mkdir(parents=True)
            hostile_submissions(subs)
        else:
            answer_corpus_submissions(release, subs)
        out[name] = subs
    return out


def grade(tree: Path, subs: Path, out: Path, jobs: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    argv = [sys.executable, "-m", "autograder.cli", "grade", str(subs), "--out", str(out),
            "--jobs", str(jobs), "--compile-cache", "off"]  # fmt: skip
    proc = subprocess.run(argv, cwd=tree, env=env, capture_output=True, text=True)
    if proc.returncode not in (0, 1):  # 1: some student has a non-ok status, which is data here
        tail = proc.stderr[-3000:]
        raise SystemExit(f"grading {subs.name} with {tree} failed ({proc.returncode}):\n{tail}")


# What differs between two runs of the same code: object addresses and sandbox uids that hostile
# cells print (the uid comes from a pool shared by concurrent graders).
RUN_SPECIFIC = ((re.compile(rb"0x[0-9a-f]{6,16}"), b"0x?"), (re.compile(rb"\buid[= ]6[0-9]{4}\b"), b"uid=?"))


def normalised(text: bytes) -> bytes:
    for pattern, replacement in RUN_SPECIFIC:
        text = pattern.sub(replacement, text)
    return text


def compared_files(out: Path) -> dict[str, bytes]:
    files = {"grades.csv": (out / "grades.csv").read_bytes()}
    for fb in sorted(out.glob("*/feedback.md")):
        files[str(fb.relative_to(out))] = normalised(fb.read_bytes())
    return files


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("base", help="git revision to compare against (e.g. main, HEAD~3)")
    ap.add_argument("--work", type=Path, help="keep everything here (default: a temp folder, deleted)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sets", default=",".join(SETS), help=f"comma-separated, of: {', '.join(SETS)}")
    args = ap.parse_args()
    names = [s for s in args.sets.split(",") if s]
    if not names or any(s not in SETS for s in names):
        ap.error(f"--sets takes names of: {', '.join(SETS)}")
    work = args.work or Path(tempfile.mkdtemp(prefix="jaxgrade-compare-"))
    work.mkdir(parents=True, exist_ok=True)
    base_tree = work / "base"
    added = subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(base_tree), args.base],
                           capture_output=True, text=True)  # fmt: skip
    if added.returncode:
        print(added.stderr, file=sys.stderr)
        return 2
    try:
        sets = build_sets(names, work)
        differences: list[str] = []
        for name, subs in sets.items():
            results = {}
            for label, tree in (("base", base_tree), ("head", REPO)):
                grade(tree, subs, work / f"out-{label}" / name, args.jobs)
                results[label] = compared_files(work / f"out-{label}" / name)
            base, head = results["base"], results["head"]
            diff = sorted(k for k in base.keys() | head.keys() if base.get(k) != head.get(k))
            verdict = "identical" if not diff else f"{len(diff)} differ"
            count = len(list(subs.iterdir()))
            print(f"{name}: {count} submissions, {len(head)} files compared: {verdict}", flush=True)
            differences += [f"{name}/{k}" for k in diff]
        if differences:
            kept = "" if args.work else " (deleted at exit: use --work to keep them)"
            print(f"outputs: {work}/out-base and {work}/out-head{kept}")
        for d in differences:
            print(f"  differs: {d}")
        return 1 if differences else 0
    finally:
        remove = ["git", "-C", str(REPO), "worktree", "remove", "--force", str(base_tree)]
        subprocess.run(remove, capture_output=True)
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
