"""Fit the combination of the text channels (autograder/similarity/combine.py) on spent held-out classes.

    python benchmarks/similarity_combination_fit.py [--classes d,...,t] [--cross] [--also b,c] [--out F]

Each class is read as the measurement part reads it (benchmarks/similarity_heldout.py): every unit is
analysed with the shipped detector and each compared pair's readings (`UnitReport.evidence`) are
collected, labelled by the class's pairs.json: a planted copy is positive, an independent pair (not
joined by a chain of copies) negative, and a pair inside a copy group that is not itself a copy is
left out. Copies are weighted so that they count a fifth as much as all independent pairs together.

The model (round 19) is a sum of small regression trees boosted on the logistic loss, monotone in every
reading (benchmarks/monotone_trees.py): each reading grows as a pair is more alike, so a pair more alike
in any reading never scores lower. Its cut is put where TREE_BUDGET of the training classes' independent
pairs lie above. `--out F` writes the trees as `autograder/similarity/combination.json` holds them (a
test refits and compares). `--model logistic` fits round 18's model instead (weights kept at 0 or
above, cut at LOGISTIC_BUDGET) and prints its constants, for comparison.
`--cross` fits on all classes but one and reports that one's figures at the fit's cut (what a
measurement on an unseen class should expect).

Only spent classes may be used: a class written for measuring the detector is fitted on only after
it was measured once (its README says "Spent").
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from autograder.model import ReleaseInfo  # noqa: E402
from autograder.similarity import analyse, combine  # noqa: E402
from autograder.similarity.units import subtracted  # noqa: E402
from benchmarks import monotone_trees  # noqa: E402
from benchmarks import similarity_fit_misses as misses  # noqa: E402
from benchmarks import similarity_heldout as heldout  # noqa: E402

# The cut is put where this share of the training classes' independent pairs lies above. Not the
# goal's 0.5 %: fitted on two of the spent classes d, e, f, a cut at 0.5 % of theirs flagged 0.5 to
# 1.0 % of the third's; at 0.3 %, 0.27 to 0.42 % (round 9). Round 10, fitted on three of d, e, f, g:
# 0.20 to 0.57 % of the fourth's (docs/similarity.md). The trees fit their training classes more
# closely than the logistic model, so the same share of theirs flags more of an unseen class's
# (round 19: at 0.3 %, 85 instead of 75 of d to t's 24,509, one class left out at a time).
LOGISTIC_BUDGET = 0.003
TREE_BUDGET = 0.0025
TREE_SETTINGS = monotone_trees.Settings(trees=400, depth=3, rate=0.05, l2=1.0, min_leaf=40)
SHIPPED = ROOT / "autograder" / "similarity" / "combination.json"
MODEL = ["trees"]  # --model
L2 = 1.0
STEPS = 3000
RATE = 0.5


@dataclass
class Rows:
    x: np.ndarray  # one row of readings per pair
    y: np.ndarray  # 1: a planted copy
    copy_keys: list[tuple[str, str, str] | None]  # (exercise, a, b) of a copy row, None otherwise
    pairs: list[tuple[str, str, str]] = field(default_factory=list)  # (unit, a, b) of every row


@dataclass(frozen=True)
class Fitted:
    score: Callable[[np.ndarray], np.ndarray]  # the model's output for each row of readings
    cut: float
    data: dict  # what combine.py ships: the trees (combination.json) or the logistic constants


def class_rows(folder: Path) -> Rows:
    cls = heldout.load(folder)
    sub = subtracted(ReleaseInfo.load(ROOT / "assignments" / "2026-fall"), ROOT / "solutions")
    students = sorted({s for by in cls.texts.values() for s in by})
    xs, ys, keys, pairs = [], [], [], []
    for unit, by_student in sorted(cls.texts.items()):
        exercise = heldout.EXERCISE_OF.get(unit, unit)
        here = [(a, b) for u, a, b in cls.planted if u is None or heldout.EXERCISE_OF.get(u, u) == exercise]
        group = heldout._groups(here)
        copies = {tuple(sorted(p)) for p in here}
        rep = analyse.analyse_unit(
            unit,
            {s: by_student[s] for s in students if s in by_student},
            sub,
            threshold=2.0,
            min_tokens=analyse.DEFAULT_MIN_TOKENS,
        )
        for (a, b), ev in sorted(rep.evidence.items()):
            is_copy = (a, b) in copies
            if not is_copy and a in group and group.get(b) == group[a]:
                continue
            xs.append(ev.values)
            ys.append(float(is_copy))
            keys.append((exercise, a, b) if is_copy else None)
            pairs.append((unit, a, b))
    return Rows(np.array(xs, float), np.array(ys, float), keys, pairs)


# The classes the shipped model is fitted on (rounds 16 to 19): every spent class written by hand, one
# answer per student in that student's style. Classes b and c were composed by script from a few
# alternatives per exercise; they are only measured (`--also b,c`), as the stress case of convergence.
# Round 20's refit on d to v flagged one more of class w's independent pairs and was reverted by its
# pre-registered rule (docs/similarity.md), so the shipped trees stay fitted on d to t.
SHIPPED_CLASSES = "d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t"
USED = list(combine.FEATURES)  # the readings the model uses (--features); the others weigh 0


def _sample_weights(y: np.ndarray) -> np.ndarray:
    # copies count a fifth as much as all independent pairs together
    return np.where(y > 0, (len(y) - y.sum()) / max(1.0, y.sum()) / 5, 1.0)


def _cut(p: np.ndarray, y: np.ndarray, budget: float) -> float:
    independent = np.sort(p[y == 0])[::-1]
    return float(independent[int(budget * len(independent))])


def fit_logistic(rows: Rows) -> Fitted:
    """Round 18's model: a logistic model of the readings, every weight 0 or above."""
    mask = np.array([f in USED for f in combine.FEATURES], float)
    mu, sd = rows.x.mean(0) * mask, rows.x.std(0) + 1e-9
    z = (rows.x - mu) / sd * mask
    y = rows.y
    w = np.zeros(z.shape[1])
    b = 0.0
    sample = _sample_weights(y)
    for _ in range(STEPS):
        p = 1 / (1 + np.exp(-(z @ w + b)))
        g = (p - y) * sample
        w -= RATE * (z.T @ g / len(y) + L2 * w / len(y)) * mask
        w = np.maximum(w, 0.0)  # monotone: every reading grows as a pair is more alike (round 17)
        b -= RATE * g.mean()
    weights = np.round(w / sd, 4)
    bias = round(b - float((w * mu / sd).sum()), 4)

    def score(x: np.ndarray) -> np.ndarray:
        return 1 / (1 + np.exp(-(x @ weights + bias)))

    cut = _cut(score(rows.x), y, LOGISTIC_BUDGET)
    return Fitted(score, cut, {"weights": weights.tolist(), "bias": bias, "cut": round(cut, 4)})


def _rounded(node: tuple) -> list:
    if len(node) == 1:
        return [round(node[0], 6)]
    f, t, left, right = node
    return [f, round(t, 9), _rounded(left), _rounded(right)]


def fit_trees(rows: Rows) -> Fitted:
    """Round 19's model: boosted trees monotone in every reading (benchmarks/monotone_trees.py), stored
    rounded (leaves to 1e-6, thresholds to 1e-9) and cut on the stored trees' outputs."""
    used = [f in USED for f in combine.FEATURES]
    x = np.where(used, rows.x, 0.0)
    base, grown = monotone_trees.fit(x, rows.y, _sample_weights(rows.y), TREE_SETTINGS)
    base, stored = round(base, 6), [_rounded(t) for t in grown]

    def score(x: np.ndarray) -> np.ndarray:
        return 1 / (1 + np.exp(-monotone_trees.raw_of(np.where(used, x, 0.0), stored, base)))

    cut = _cut(score(rows.x), rows.y, TREE_BUDGET)
    data = {"features": list(combine.FEATURES), "base": base, "cut": cut, "trees": stored}
    return Fitted(score, cut, data)


def fit(rows: Rows) -> Fitted:
    return fit_trees(rows) if MODEL[0] == "trees" else fit_logistic(rows)


def counts(rows: Rows, fitted: Fitted) -> tuple[int, int, int, int]:
    """(copies found, copies, independent pairs above the cut, independent pairs); a silu_ffi copy is
    found in either of its units and counts once."""
    p = fitted.score(rows.x)
    found: dict[tuple[str, str, str], bool] = {}
    for key, v in zip(rows.copy_keys, p, strict=True):
        if key is not None:
            found[key] = found.get(key, False) or bool(v > fitted.cut)
    flagged = int(((p > fitted.cut) & (rows.y == 0)).sum())
    return sum(found.values()), len(found), flagged, int((rows.y == 0).sum())


def figures(rows: Rows, fitted: Fitted) -> str:
    found, copies, flagged, independent = counts(rows, fitted)
    return f"found {found}/{copies}, flagged {flagged}/{independent}"


def joined(parts: list[Rows]) -> Rows:
    return Rows(
        np.concatenate([r.x for r in parts]),
        np.concatenate([r.y for r in parts]),
        [k for r in parts for k in r.copy_keys],
        [p for r in parts for p in r.pairs],
    )


def class_folder(letter: str) -> Path:
    """The spent class `letter`'s folder: `a` is the first class, `similarity_heldout` without a suffix."""
    corpora = ROOT / "tests" / "corpus"
    return corpora / ("similarity_heldout" if letter == "a" else f"similarity_heldout_{letter}")


def fit_count(data: dict[str, Rows], train: Sequence[str], test: str) -> tuple[int, int, int, int]:
    return counts(data[test], fit(joined([data[c] for c in train])))


def cross(data: dict[str, Rows], show_misses: bool) -> None:
    """Fitted on all classes but one, measured on that one; with `show_misses`, the copies missed."""
    missed_all = []
    for test, other in data.items():
        fitted = fit(joined([r for c, r in data.items() if c != test]))
        print(f"fitted on all but {test}, measured on {test}: {figures(other, fitted)}")
        if show_misses:
            kinds = misses.disguises_of(class_folder(test))
            missed = misses.misses(other, fitted.score(other.x), fitted.cut, kinds)
            for m in missed:
                print(
                    f"  missed {test} {m.exercise} {m.a} {m.b} {','.join(m.disguises)}: "
                    f"{m.output:.2f} (cut {fitted.cut:.2f}), rank {m.rank}, {m.above} independent above"
                )
            missed_all += missed
    if show_misses:
        print(misses.summary(missed_all))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--classes", default=SHIPPED_CLASSES, help="spent held-out classes (letters), comma-separated"
    )
    ap.add_argument("--cross", action="store_true", help="fit on all classes but one, measure on that one")
    ap.add_argument("--misses", action="store_true", help="with --cross: list the copies each fit misses")
    ap.add_argument("--splits", type=int, default=0, help="fit on every N classes, measure on the rest")
    ap.add_argument("--also", default="", help="classes only measured with the fit (comma-separated)")
    ap.add_argument("--features", default=",".join(combine.FEATURES), help="the readings the model uses")
    ap.add_argument("--model", choices=("trees", "logistic"), default="trees", help="logistic: round 18's")
    ap.add_argument("--out", help="write the fitted trees here (the shipped file: " + str(SHIPPED) + ")")
    args = ap.parse_args()
    USED[:] = args.features.split(",")
    MODEL[0] = args.model
    data = {c: class_rows(class_folder(c)) for c in args.classes.split(",")}
    if args.cross:
        cross(data, args.misses)
    if args.splits:
        print(misses.split_figures(list(data), args.splits, lambda train, test: fit_count(data, train, test)))
    every = joined(list(data.values()))
    fitted = fit(every)
    print(f"fitted on {args.classes} ({MODEL[0]}): {figures(every, fitted)}")
    for c in filter(None, args.also.split(",")):
        rows = class_rows(class_folder(c))
        print(f"fitted on {args.classes}, measured on {c}: {figures(rows, fitted)}")
    if MODEL[0] == "logistic":
        print(f"logistic: {json.dumps(fitted.data)}")
    elif args.out:
        Path(args.out).write_text(ensemble_json({**fitted.data, "fitted_on": args.classes}), encoding="utf-8")
        print(f"wrote {args.out}")


def ensemble_json(data: dict) -> str:
    """The ensemble as combination.json holds it: one tree a line, so a refit's diff reads tree by tree."""
    head = {k: v for k, v in data.items() if k != "trees"}
    lines = [json.dumps(tree, separators=(",", ":")) for tree in data["trees"]]
    return json.dumps(head, indent=1)[:-2] + ',\n "trees": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


if __name__ == "__main__":
    main()
