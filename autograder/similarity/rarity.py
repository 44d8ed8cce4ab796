"""Rarity-weighted overlap of per-student sets (trusted side): the vocabulary and short-run channels'
pair score. An item n of the N students hold weighs log(N / n); a pair scores the weight of what
both hold over the weight of what either holds (weighted Jaccard)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Mapping, Set


def weighted_jaccard[Item: Hashable](
    sets: Mapping[str, Set[Item]],
) -> tuple[dict[tuple[str, str], float], Counter[Item]]:
    """Every pair's (a < b) rarity-weighted Jaccard (pairs sharing nothing: 0), and each item's
    holders."""
    holders: Counter[Item] = Counter(x for s in sets.values() for x in s)
    n = len(sets)
    weight = {x: math.log(n / c) for x, c in holders.items()}
    totals = {sid: sum(weight[x] for x in s) for sid, s in sets.items()}
    names = sorted(sets)
    out: dict[tuple[str, str], float] = {}
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            shared = sum(weight[x] for x in sets[a] & sets[b])
            union = totals[a] + totals[b] - shared
            out[a, b] = shared / union if union > 0 else 0.0
    return out, holders
