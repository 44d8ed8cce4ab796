"""The parent's side of the per-check profile (sandboxed/profiling.py measures it in the child).

The child sends it as the exercise's observation PROFILE_KEY. It came from a process student code
shared, so it is read like any untrusted input (numbers only, bounded) and used only to say where the
time went: `RunSettings.profile_dir` set, each exercise's profile is written there as
`<chapter>.<exercise>[.<run>].json` (benchmarks/bench_grading.py --profile prints them; a batch
sums them per exercise into report.md's "Where the time went", `totals_by_exercise`). Nothing scores
on it.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from autograder.observations import Observations
from autograder.sandboxed.profiling import COUNT_FIELDS, FIELDS, MAX_SEGMENTS
from autograder.sandboxed.wire import PROFILE_KEY

MAX_SECONDS = 24 * 3600.0
MAX_COUNT = 10**7


@dataclass(frozen=True)
class Cost:
    """One stretch of a probe (or its total): seconds and compilations (profiling.py names them)."""

    wall_s: float
    cpu_s: float
    trace_s: float
    lower_s: float
    compile_s: float
    run_s: float
    compiles: int
    cache_hits: int


@dataclass(frozen=True)
class Segment:
    key: str  # the observation key whose recording ended the stretch
    cost: Cost


@dataclass(frozen=True)
class ProbeProfile:
    chapter: str
    exercise: str
    total: Cost
    segments: tuple[Segment, ...]

    def to_json(self) -> dict[str, Any]:
        return {"chapter": self.chapter, "exercise": self.exercise, "total": asdict(self.total),
                "segments": [{"key": s.key, **asdict(s.cost)} for s in self.segments]}


def _cost(raw: Any) -> Cost | None:
    if not isinstance(raw, dict):
        return None
    values: dict[str, Any] = {}
    for f in FIELDS:
        v = raw.get(f)
        if f in COUNT_FIELDS:
            if type(v) is not int or not 0 <= v <= MAX_COUNT:
                return None
        elif type(v) not in (int, float) or not math.isfinite(v) or not 0 <= v <= MAX_SECONDS:
            return None
        values[f] = v if f in COUNT_FIELDS else float(v)
    return Cost(**values)


def read_profile(chapter: str, obs: Observations | None) -> ProbeProfile | None:
    """The exercise's profile, or None when it is missing or not well formed."""
    raw = obs.values.get(PROFILE_KEY) if obs is not None else None
    if not isinstance(raw, dict) or not isinstance(raw.get("segments"), list):
        return None
    total = _cost(raw.get("total"))
    if total is None:
        return None
    segments = []
    for item in raw["segments"][:MAX_SEGMENTS]:
        cost = _cost(item)
        if cost is None or not isinstance(item.get("key"), str):
            return None
        segments.append(Segment(item["key"][:200], cost))
    return ProbeProfile(chapter, obs.exercise if obs is not None else "", total, tuple(segments))


def write_profiles(profile_dir: Path, chapter: str, observations: dict[str, Observations],
                   run: str = "") -> None:
    """Each exercise's profile as `<profile_dir>/<chapter>.<exercise>[.<run>].json` (skipped when
    absent); `run` (the job folder's name) keeps the gradings of one batch apart."""
    profile_dir.mkdir(parents=True, exist_ok=True)
    suffix = f".{run}" if run else ""
    for ex_id, obs in observations.items():
        profile = read_profile(chapter, obs)
        if profile is not None:
            path = profile_dir / f"{chapter}.{ex_id}{suffix}.json"
            path.write_text(json.dumps(profile.to_json()), encoding="utf-8")


def load_profiles(profile_dir: Path) -> list[ProbeProfile]:
    """The profiles `write_profiles` left in `profile_dir` (the benchmark's and the batch's reader)."""
    out = []
    for path in sorted(profile_dir.glob("*.json")):
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(raw, dict) or not isinstance(raw.get("chapter"), str) \
                or not isinstance(raw.get("exercise"), str):
            continue
        total = _cost(raw.get("total"))
        if total is None:
            continue
        segments = tuple(Segment(s["key"], c) for s in raw.get("segments", []) if (c := _cost(s)) is not None)
        out.append(ProbeProfile(raw["chapter"], raw["exercise"], total, segments))
    return out


@dataclass(frozen=True)
class ExerciseTotal:
    """One exercise's probe profiles summed over the gradings of a batch."""

    chapter: str
    exercise: str
    runs: int  # gradings whose child sent a profile
    cost: Cost  # every field summed over those gradings


def totals_by_exercise(profiles: list[ProbeProfile]) -> list[ExerciseTotal]:
    """Per (chapter, exercise), the sum of its profiles' totals, costliest wall time first."""
    groups: dict[tuple[str, str], list[Cost]] = {}
    for p in profiles:
        groups.setdefault((p.chapter, p.exercise), []).append(p.total)
    totals = [ExerciseTotal(ch, ex, len(costs), sum_costs(costs)) for (ch, ex), costs in groups.items()]
    return sorted(totals, key=lambda t: (-t.cost.wall_s, t.chapter, t.exercise))


def sum_costs(costs: list[Cost]) -> Cost:
    return Cost(**{f: sum(getattr(c, f) for c in costs) for f in FIELDS})
