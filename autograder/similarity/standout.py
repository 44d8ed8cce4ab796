"""Reading a pair's score against its students' other pairs (trusted side).

A copy stands out from everything else its two students share with the class; students converging
on one text do not (each scores the same with every member of the group). The code channel's lift
(analyse.standout_scores), the layout's lift and the combination of channels (combine.py) all read a
score this way.
"""

from __future__ import annotations

from collections.abc import Mapping


def standout_margins(scores: Mapping[tuple[str, str], float]) -> dict[tuple[str, str], float]:
    """Each pair's score minus the best other pair's score of either of its students."""
    best: dict[str, list[tuple[float, str]]] = {}  # student -> its two best (score, partner)
    for (a, b), s in scores.items():
        for me, other in ((a, b), (b, a)):
            top = best.setdefault(me, [])
            top.append((s, other))
            top.sort(reverse=True)
            del top[2:]

    def rival(me: str, partner: str) -> float:
        return next((s for s, other in best.get(me, []) if other != partner), 0.0)

    return {(a, b): s - max(rival(a, b), rival(b, a)) for (a, b), s in scores.items()}
