"""The fitted combination of the similarity readings, read from data and walked (trusted side; round 19).

`combination.json` holds a sum of small regression trees fitted offline on the spent held-out classes
(benchmarks/similarity_combination_fit.py with benchmarks/monotone_trees.py); this module only reads
and walks it, so the detector needs no fitting library. A node is `[feature, threshold, left, right]`
(a reading at or below the threshold goes left) or `[value]`, a leaf. The model's output for a pair is
the logistic of `base` plus one leaf value per tree.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any

import numpy as np

DATA = "combination.json"


@dataclass(frozen=True)
class Ensemble:
    features: tuple[str, ...]
    base: float
    trees: tuple[Any, ...]
    cut: float  # the output above which the fit's budget of the training classes' independent pairs lie
    fitted_on: str

    def raw(self, values: tuple[float, ...]) -> float:
        total = self.base
        for node in self.trees:
            while len(node) == 4:
                node = node[2] if values[node[0]] <= node[1] else node[3]
            total += node[0]
        return total

    def output(self, values: tuple[float, ...]) -> float:
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, self.raw(values)))))

    @cached_property
    def floor(self) -> float:
        """The output for a pair whose every reading is 0 (sharing nothing)."""
        return self.output((0.0,) * len(self.features))

    @cached_property
    def depth(self) -> int:
        return max((_depth(t) for t in self.trees), default=0)

    @cached_property
    def _flat(self) -> tuple[np.ndarray, ...]:
        """Every node of every tree in flat arrays (feature, threshold, left, right, value) and each
        tree's root; a leaf goes to itself whatever the reading (threshold +inf)."""
        feature, threshold, left, right, value, roots = [], [], [], [], [], []

        def add(node: Any) -> int:
            k = len(feature)
            feature.append(0), threshold.append(math.inf), left.append(k), right.append(k)
            value.append(0.0)
            if len(node) == 1:
                value[k] = node[0]
            else:
                feature[k], threshold[k] = node[0], node[1]
                left[k] = add(node[2])
                right[k] = add(node[3])
            return k

        roots = [add(tree) for tree in self.trees]
        arrays = (feature, threshold, left, right, value, roots)
        return tuple(np.array(a, dtype=float if i in (1, 4) else np.int32) for i, a in enumerate(arrays))

    def outputs(self, rows: Sequence[tuple[float, ...]], chunk: int = 1024) -> list[float]:
        """`output` of many rows at once (a unit of a large class has tens of thousands of pairs; the
        walk above costs about 0.13 ms a pair), walking every tree one level a step."""
        feature, threshold, left, right, value, roots = self._flat
        width = len(self.features)
        x = np.asarray(rows, dtype=float).reshape(len(rows), width)
        raw = np.full(len(x), self.base)
        for start in range(0, len(x), chunk):
            part = x[start : start + chunk]
            flat, row_start = part.ravel(), (np.arange(len(part), dtype=np.int32) * width)[:, None]
            node = np.broadcast_to(roots, (len(part), len(roots)))
            for _ in range(self.depth):
                reading = flat[row_start + feature[node]]
                node = np.where(reading <= threshold[node], left[node], right[node])
            raw[start : start + chunk] += value[node].sum(axis=1)
        return (1.0 / (1.0 + np.exp(-np.clip(raw, -60.0, 60.0)))).tolist()


def _depth(node: Any) -> int:
    return 0 if len(node) == 1 else 1 + max(_depth(node[2]), _depth(node[3]))


def from_data(data: dict[str, Any]) -> Ensemble:
    features, trees = tuple(data["features"]), tuple(data["trees"])
    return Ensemble(features, float(data["base"]), trees, float(data["cut"]), data["fitted_on"])


@cache
def shipped() -> Ensemble:
    """The ensemble the package ships (read once per process)."""
    text = resources.files("autograder.similarity").joinpath(DATA).read_text(encoding="utf-8")
    return from_data(json.loads(text))


def leaves(node: Any) -> list[float]:
    return [node[0]] if len(node) == 1 else leaves(node[2]) + leaves(node[3])


def is_monotone(node: Any) -> bool:
    """Whether every split sends no leaf to its left above any leaf to its right: then a reading that
    grows can only move a pair to a leaf at least as high, in this tree and so in the sum."""
    if len(node) == 1:
        return True
    return max(leaves(node[2])) <= min(leaves(node[3])) and is_monotone(node[2]) and is_monotone(node[3])
