"""Late policies: a declared schedule of score factors by lateness.

A schedule is a list of steps `{after: "<duration>", factor: <0..1>}` sorted by `after`; an attempt
submitted `lateness` seconds after its due-at gets the factor of the last step whose `after` it
has reached. Durations are `<number><unit>` with unit s, m, h or d ("0h", "1s", "24h", "3d").
The first step must be `after: "0h"` (an attempt on time keeps what the schedule says then,
normally 1.0). Example: [{after:"0h",factor:1.0},{after:"1s",factor:0.9},{after:"24h",factor:0.8},
{after:"72h",factor:0}] gives 0.9 for one second to one day late, 0 from three days late.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

UNITS_S = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd])\s*$")


class PolicyError(ValueError):
    """A late policy that cannot be applied (English, for the TA)."""


def parse_duration(text: str) -> float:
    """Seconds in "<number><s|m|h|d>"."""
    m = _DURATION.match(text) if isinstance(text, str) else None
    if m is None:
        raise PolicyError(f"not a duration: {text!r} (write e.g. 0h, 1s, 30m, 24h, 3d)")
    return float(m.group(1)) * UNITS_S[m.group(2)]


@dataclass(frozen=True)
class LateStep:
    after_s: float  # lateness in seconds from which `factor` applies
    after: str  # as declared, for display and storage
    factor: float  # multiplies the raw score, 0..1


@dataclass(frozen=True)
class LatePolicy:
    steps: tuple[LateStep, ...]

    def factor(self, lateness_s: float) -> float:
        """The factor for an attempt `lateness_s` seconds after due-at (<= 0: on time)."""
        reached = [s for s in self.steps if s.after_s <= max(lateness_s, 0.0)]
        return reached[-1].factor  # steps[0] is after 0: always reached

    def to_json(self) -> list[dict[str, Any]]:
        return [{"after": s.after, "factor": s.factor} for s in self.steps]


NO_PENALTY = LatePolicy((LateStep(0.0, "0h", 1.0),))


def parse_policy(steps: Sequence[Mapping[str, Any]]) -> LatePolicy:
    """A LatePolicy from its declared steps; PolicyError names the first problem."""
    if not isinstance(steps, Sequence) or isinstance(steps, str | bytes) or not steps:
        raise PolicyError("a late policy is a non-empty list of {after, factor} steps")
    parsed: list[LateStep] = []
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping) or set(step) != {"after", "factor"}:
            raise PolicyError(f"late policy step {i + 1}: exactly the keys 'after' and 'factor'")
        factor = step["factor"]
        if isinstance(factor, bool) or not isinstance(factor, int | float) or not math.isfinite(factor):
            raise PolicyError(f"late policy step {i + 1}: factor must be a number")
        if not 0.0 <= factor <= 1.0:
            raise PolicyError(f"late policy step {i + 1}: factor {factor} is not between 0 and 1")
        parsed.append(LateStep(parse_duration(step["after"]), str(step["after"]).strip(), float(factor)))
    if parsed[0].after_s != 0.0:
        raise PolicyError('the first late policy step must be after: "0h" (the on-time factor)')
    for before, after in zip(parsed, parsed[1:], strict=False):
        if after.after_s <= before.after_s:
            raise PolicyError(
                f"late policy steps must grow: {after.after!r} does not come after {before.after!r}"
            )
    return LatePolicy(tuple(parsed))
