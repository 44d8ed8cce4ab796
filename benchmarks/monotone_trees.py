"""Gradient-boosted regression trees for a binary label, monotone (non-decreasing) in every input.

Used offline by `similarity_combination_fit.py` to fit the similarity detector's combination
(autograder/similarity/combine.py); the detector only walks the fitted trees
(autograder/similarity/trees.py), so neither it nor the service needs this module or numpy's fitting.

The method is the usual second-order boosting of the logistic loss (each tree fitted to the loss's
gradient and Hessian, leaf value -G/(H + l2), scaled by the learning rate) on inputs cut into at most
BINS quantile bins. Monotonicity is kept the way LightGBM's and scikit-learn's "basic" method keeps it:
a split whose left value would exceed its right value is refused, and the two children's values are
then bounded above and below by the midpoint of the pair, so no later split under either can cross it.
Every step is deterministic (no sampling), so refitting on the same rows gives the same trees.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

BINS = 255


@dataclass(frozen=True)
class Settings:
    trees: int = 200
    depth: int = 3
    rate: float = 0.05
    l2: float = 1.0
    min_leaf: int = 40  # rows, not weight: a leaf of fewer pairs is one class's accident


# A node is (feature, threshold, left, right) with x[feature] <= threshold going left, or (value,)
Node = tuple


def thresholds_of(x: np.ndarray) -> list[np.ndarray]:
    """Per input, the candidate thresholds: midpoints between quantiles (at most BINS - 1 of them)."""
    out = []
    for column in x.T:
        values = np.unique(column)
        if len(values) > BINS:
            values = np.unique(np.quantile(column, np.linspace(0, 1, BINS + 1)[1:-1], method="lower"))
        out.append((values[:-1] + values[1:]) / 2 if len(values) > 1 else np.array([]))
    return out


def _bins(x: np.ndarray, cuts: list[np.ndarray]) -> np.ndarray:
    return np.stack([np.searchsorted(c, x[:, f], side="left") for f, c in enumerate(cuts)], axis=1)


@dataclass
class _Grower:
    bins: np.ndarray
    cuts: list[np.ndarray]
    g: np.ndarray
    h: np.ndarray
    settings: Settings

    def value(self, rows: np.ndarray, lo: float, hi: float) -> float:
        v = -self.g[rows].sum() / (self.h[rows].sum() + self.settings.l2)
        return float(min(hi, max(lo, v)))

    def best_split(self, rows: np.ndarray, lo: float, hi: float) -> tuple[float, int, int] | None:
        """(gain, feature, bin) of the best monotone split of `rows`, or None."""
        s, best = self.settings, None
        G, H = self.g[rows].sum(), self.h[rows].sum()
        vp = min(hi, max(lo, -G / (H + s.l2)))
        parent = -(2 * G * vp + (H + s.l2) * vp * vp)
        for f, cuts in enumerate(self.cuts):
            b = self.bins[rows, f]
            n = len(cuts) + 1
            gl = np.cumsum(np.bincount(b, self.g[rows], n))[:-1]
            hl = np.cumsum(np.bincount(b, self.h[rows], n))[:-1]
            cl = np.cumsum(np.bincount(b, minlength=n))[:-1]
            gr, hr, cr = G - gl, H - hl, len(rows) - cl
            vl = np.clip(-gl / (hl + s.l2), lo, hi)
            vr = np.clip(-gr / (hr + s.l2), lo, hi)
            ok = (cl >= s.min_leaf) & (cr >= s.min_leaf) & (vl <= vr)
            # the gain of the bounded values (the loss's second-order decrease at vl, vr)
            gain = -(2 * gl * vl + (hl + s.l2) * vl * vl) - (2 * gr * vr + (hr + s.l2) * vr * vr) - parent
            gain = np.where(ok, gain, -np.inf)
            k = int(np.argmax(gain)) if len(gain) else 0
            if len(gain) and gain[k] > 1e-12 and (best is None or gain[k] > best[0]):
                best = (float(gain[k]), f, k)
        return best

    def grow(self, rows: np.ndarray, depth: int, lo: float, hi: float) -> Node:
        split = self.best_split(rows, lo, hi) if depth < self.settings.depth else None
        if split is None:
            return (self.value(rows, lo, hi) * self.settings.rate,)
        _, f, k = split
        left, right = rows[self.bins[rows, f] <= k], rows[self.bins[rows, f] > k]
        mid = (self.value(left, lo, hi) + self.value(right, lo, hi)) / 2
        return (
            f,
            float(self.cuts[f][k]),
            self.grow(left, depth + 1, lo, mid),
            self.grow(right, depth + 1, mid, hi),
        )


def fit(
    x: np.ndarray, y: np.ndarray, weight: np.ndarray, settings: Settings = Settings()
) -> tuple[float, list]:
    """(base, trees): the raw score of a row is base plus each tree's leaf value; its probability the
    logistic of that."""
    cuts = thresholds_of(x)
    bins = _bins(x, cuts)
    mean = float(np.clip((weight * y).sum() / weight.sum(), 1e-6, 1 - 1e-6))
    base = float(np.log(mean / (1 - mean)))
    raw = np.full(len(y), base)
    trees = []
    every = np.arange(len(y))
    for _ in range(settings.trees):
        p = 1 / (1 + np.exp(-raw))
        grower = _Grower(bins, cuts, (p - y) * weight, np.maximum(p * (1 - p), 1e-12) * weight, settings)
        tree = grower.grow(every, 0, -np.inf, np.inf)
        trees.append(tree)
        raw += raw_of(x, [tree], 0.0)
    return base, trees


def raw_of(x: np.ndarray, trees: list, base: float) -> np.ndarray:
    """Every row's raw score (vectorised walk of the trees)."""
    out = np.full(len(x), base)
    for tree in trees:
        out += _walk(x, np.arange(len(x)), tree)
    return out


def _walk(x: np.ndarray, rows: np.ndarray, node: Node) -> np.ndarray:
    if len(node) == 1:
        return np.full(len(rows), node[0])
    f, t, left, right = node
    out = np.empty(len(rows))
    go_left = x[rows, f] <= t
    out[go_left] = _walk(x, rows[go_left], left)
    out[~go_left] = _walk(x, rows[~go_left], right)
    return out
