"""Authorship consistency across a student's answers: measured in round 6 (issue 46), not kept.

`.venv/bin/python benchmarks/similarity_authorship_probe.py CLASS_DIR...` prints, for each held-out
class, how many planted copies and how many independent pairs sharing code have an evidence above
EVIDENCE (docs/similarity.md, round 6: it does not tell copies from convergence on the spent classes,
whose copiers restyled what they copied, so it is not in the detector).

A student writes every exercise in their own habits: which quotes, whether they annotate types,
in which language they comment and how (`# x` or `#x`, on its own line or after code), how they
space keyword arguments, commas and operators, how many blank lines separate definitions, which
local names they reach for. A copied answer carries its original author's habits, unless the
copier rewrote it in their own. So an answer whose habits match another student's profile (that
student's other answers) better than its own author's is evidence of a copy from that student,
even when the copied text is one several students hold, which no code score tells from convergence.

`habits(text)` reads an answer's habits as a bag of habit tokens; a student's profile for unit U is
the sum of their answers' habits in every other unit. Two profiles are compared with cosine
similarity, each habit weighed by how rare it is among the class's profiles (a habit every student
has, the quotes a formatter writes, says nothing about who wrote an answer).
"""

from __future__ import annotations

import math
import re
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from autograder.similarity.layout import CJK  # noqa: E402  one notion of "Chinese" for both parts

_STRING = re.compile(r"""[rbfuRBFU]{0,2}("\"\"|'''|"|')""")
_COMMENT = re.compile(r"(^|[^\"'])(#|//)( *)(\S?)")
_NAME = re.compile(r"(?<![.\w])([A-Za-z_]\w*)")
_KWARG = re.compile(r"[(,]\s*[A-Za-z_]\w*( ?)=( ?)(?!=)")
_COMMA = re.compile(r",(\S)")
_BINOP = re.compile(r"\w( ?)(\*\*|[+\-*/@])( ?)\w")
_HINT_RET = re.compile(r"\)\s*->")
_HINT_ARG = re.compile(r"def \w+\([^)]*\w: ?[A-Za-z]")
_DOCSTRING = re.compile(r"^\s+(\"\"\"|''')", re.M)
_SKIP_NAMES = frozenset(
    "def return for in if else elif while import from as not and or is None True False lambda with "
    "class pass break continue try except finally raise yield global nonlocal assert del jax jnp np lax "
    "self int float bool str list dict tuple range len print sorted zip enumerate isinstance".split()
)


def habits(text: str) -> Counter[str]:
    """An answer's habits, each as a token counted once per line it shows on."""
    out: Counter[str] = Counter()
    blank = 0
    for line in text.splitlines():
        if not line.strip():
            blank += 1
            continue
        if blank and not line[0].isspace():
            out[f"blank-before-top:{min(blank, 3)}"] += 1
        blank = 0
        for m in _STRING.finditer(line):
            out[f"quote:{m.group(1)}"] += 1
        for m in _COMMENT.finditer(line):
            where = "own" if not line[: m.start(2)].strip() else "inline"
            script = "zh" if CJK.search(line[m.start(2) :]) else "en"
            out[f"comment:{where}:{script}:gap{len(m.group(3))}"] += 1
            if where == "inline":
                gap = len(line[: m.start(2)]) - len(line[: m.start(2)].rstrip())
                out[f"comment-inline-gap:{gap}"] += 1
        code = _COMMENT.sub(r"\1", line)
        for m in _KWARG.finditer(code):
            out[f"kwarg:{m.group(1)}={m.group(2)}"] += 1
        for m in _COMMA.finditer(code):
            out[f"comma-nospace:{'bracket' if m.group(1) in ')]}' else 'tight'}"] += 1
        for m in _BINOP.finditer(code):
            out[f"binop:{m.group(1)}{m.group(2)}{m.group(3)}"] += 1
        if _HINT_RET.search(code):
            out["hint:return"] += 1
        if _HINT_ARG.search(code):
            out["hint:arg"] += 1
        if line.rstrip().endswith(",") and line.strip() != ",":
            out["trailing-comma"] += 1
        for name in _NAME.findall(code):
            if name not in _SKIP_NAMES and not name.isupper():
                out[f"name:{name}"] += 1
    out["docstring"] += len(_DOCSTRING.findall(text))
    return +out


def _weighted(bag: Counter[str], idf: Mapping[str, float]) -> dict[str, float]:
    return {h: (1 + math.log(c)) * idf.get(h, 0.0) for h, c in bag.items()}


def _cosine(x: Mapping[str, float], y: Mapping[str, float]) -> float:
    dot = sum(v * y.get(h, 0.0) for h, v in x.items())
    nx = math.sqrt(sum(v * v for v in x.values()))
    ny = math.sqrt(sum(v * v for v in y.values()))
    return dot / (nx * ny) if nx and ny else 0.0


MIN_PROFILE_UNITS = 2  # a profile read from fewer of the student's other answers says too little


class Profiles:
    """Every student's habits per unit, and the class's rarity of each habit."""

    def __init__(self, by_student: Mapping[str, Mapping[str, str]]):
        self.habits = {sid: {u: habits(t) for u, t in units.items()} for sid, units in by_student.items()}
        holders: Counter[str] = Counter()
        for units in self.habits.values():
            holders.update({h for bag in units.values() for h in bag})
        n = len(self.habits)
        # a habit most students have is the class's (or its formatter's): it weighs nothing
        self.idf = {h: math.log(n / c) for h, c in holders.items() if n >= 4 and c < n / 2}

    def profile(self, sid: str, unit: str) -> dict[str, float] | None:
        others = [bag for u, bag in self.habits.get(sid, {}).items() if u != unit]
        if len(others) < MIN_PROFILE_UNITS:
            return None
        return _weighted(sum(others, Counter()), self.idf)

    def evidence(self, a: str, b: str, unit: str) -> float:
        """How much one side's answer to `unit` reads like the other student's habits more than
        its own author's (0: it reads like its own author, or the profiles say nothing)."""
        best = 0.0
        for writer, source in ((a, b), (b, a)):
            answer = self.habits.get(writer, {}).get(unit)
            own, other = self.profile(writer, unit), self.profile(source, unit)
            if not answer or own is None or other is None:
                continue
            text = _weighted(answer, self.idf)
            best = max(best, _cosine(text, other) - _cosine(text, own))
        return best


EVIDENCE = 0.05


def probe(folder: Path) -> str:
    """One class's line: copies and independent pairs sharing code whose evidence exceeds EVIDENCE."""
    from autograder.model import ReleaseInfo
    from autograder.similarity import analyse
    from autograder.similarity.units import StudentUnits, subtracted
    from benchmarks import similarity_heldout as heldout

    cls = heldout.load(folder)
    sub = subtracted(ReleaseInfo.load(heldout.ROOT / "assignments" / "2026-fall"), heldout.ROOT / "solutions")
    by: dict[str, dict[str, str]] = {}
    for unit, texts in cls.texts.items():
        for sid, text in texts.items():
            by.setdefault(sid, {})[unit] = text
    profiles = Profiles(by)
    planted = {(u, min(a, b), max(a, b)) for u, a, b in cls.planted}
    counts = {True: [0, 0], False: [0, 0]}
    for unit, texts in sorted(cls.texts.items()):
        students = [StudentUnits(s, {unit: t}) for s, t in sorted(texts.items())]
        rep = analyse.analyse(students, sub, threshold=0.0, units=(unit,)).units[unit]
        for a, b in rep.code_scores:
            exercise = heldout.EXERCISE_OF.get(unit, unit)
            row = counts[(exercise, a, b) in planted or (None, a, b) in planted]
            row[0] += profiles.evidence(a, b, unit) > EVIDENCE
            row[1] += 1
    (cf, cn), (inf, inn) = counts[True], counts[False]
    return f"{folder.name}: copies {cf}/{cn}, independent pairs sharing code {inf}/{inn} above {EVIDENCE}"


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(probe(Path(arg)))
