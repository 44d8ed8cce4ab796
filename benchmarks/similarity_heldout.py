"""The measurement part of the similarity benchmark: a class the detector was not tuned on.

`tests/corpus/similarity_heldout/` is written, after the detector is frozen, by someone who has not
read the detector's code: a class of students and `pairs.json`, the planted copies. Nothing of it
is printed but aggregate numbers (recall, independent pairs flagged, planted copies ranked first),
so that measuring it does not turn it into tuning data. Read by
`benchmarks/bench_similarity_disguise.py --heldout` (beside the tuning part's figures).

The class is read either
  * as the grader reads submissions (a folder per student with the course notebooks, or the
    `submissions/`, `students/` or `class/` folder beside pairs.json), by `similarity/units.py`, or
  * as the answer corpus is laid out: `<exercise>/<student>.py`, `<exercise>/<student>/answer.py`
    (and `silu.cc`), or by student: `<student>/<exercise>.py` (and `<student>/silu.cc`).
`pairs.json` is a list (or an object with a list under `pairs`, `planted`, `copies` or `copied`) of
planted copies, each `[exercise, a, b]`, `[a, b]`, or an object naming the exercise (`exercise`,
`unit`) and the two students (`original`/`source`/`a`/`student_a`/`from` and
`copy`/`b`/`student_b`/`to`, or `students: [a, b]`); the second student is the copier. A pair
without an exercise is a copy in every unit both students answered. The grading run's fingerprints
(`behaviour.json` per student) are read from `--heldout-behaviour DIR`, or from `grade_out/` in the
folder when it holds them; without them only the code channel is measured.

Counting (per unit): a planted copy is found when the pair is reported at or above the threshold
(a side too short to compare counts as missed); an independent pair is any other pair of students
whose answers to the unit were both compared (neither starter code only nor too short) and who are
not linked by planted copies in it; a planted copy is ranked
first when its pair scores above every pair of the copier with a student outside its copy group.
A copy listed for `silu_ffi` is a copy of its answer cell and of its kernel `silu.cc` (EXERCISE_OF): it
is found when either unit flags the pair, and its kernel pair is not an independent pair.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.similarity_corpus import ROOT

HELDOUT = ROOT / "tests" / "corpus" / "similarity_heldout"
_A_KEYS = ("original", "source", "a", "student_a", "from", "copied_from")
_B_KEYS = ("copy", "b", "student_b", "to", "copier")
_UNIT_KEYS = ("exercise", "unit", "ex")


@dataclass
class HeldoutClass:
    texts: dict[str, dict[str, str]]  # unit -> student -> text
    planted: list[tuple[str | None, str, str]]  # (unit or None, original, copier)
    behaviour: dict[str, dict[str, Any]] = field(default_factory=dict)  # student -> unit -> fingerprint


def _pair(entry: Any) -> tuple[str | None, str, str]:
    if isinstance(entry, list | tuple):
        if len(entry) == 3:
            return str(entry[0]), str(entry[1]), str(entry[2])
        if len(entry) == 2:
            return None, str(entry[0]), str(entry[1])
    if isinstance(entry, dict):
        unit = next((str(entry[k]) for k in _UNIT_KEYS if entry.get(k)), None)
        if isinstance(entry.get("students"), list) and len(entry["students"]) == 2:
            return unit, str(entry["students"][0]), str(entry["students"][1])
        a = next((str(entry[k]) for k in _A_KEYS if entry.get(k)), None)
        b = next((str(entry[k]) for k in _B_KEYS if entry.get(k)), None)
        if a is not None and b is not None:
            return unit, a, b
    raise ValueError(f"pairs.json: cannot read a planted copy from {str(entry)[:80]!r}")


def read_pairs(path: Path) -> list[tuple[str | None, str, str]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(doc, dict):
        doc = next(
            (doc[k] for k in ("pairs", "planted", "copies", "copied") if isinstance(doc.get(k), list)), None
        )
    if not isinstance(doc, list):
        raise ValueError(
            "pairs.json: expected a list of planted copies (or an object with one under 'pairs')"
        )
    out = []
    for entry in doc:
        unit, a, b = _pair(entry)
        out.append(("silu.cc" if unit in ("silu_cc", "kernel") else unit, a, b))
    return out


def _corpus_layout(folder: Path) -> dict[str, dict[str, str]] | None:
    from autograder.exercises import EXERCISE_IDS

    exercises = [d for d in folder.iterdir() if d.is_dir() and d.name in EXERCISE_IDS]
    if not exercises:
        return None
    texts: dict[str, dict[str, str]] = defaultdict(dict)
    for ex in exercises:
        for p in sorted(ex.iterdir()):
            if p.suffix == ".py":
                texts[ex.name][p.stem] = p.read_text(encoding="utf-8")
            elif p.is_dir() and (p / "answer.py").is_file():
                texts[ex.name][p.name] = (p / "answer.py").read_text(encoding="utf-8")
                if (p / "silu.cc").is_file():
                    texts["silu.cc"][p.name] = (p / "silu.cc").read_text(encoding="utf-8")
    return dict(texts)


def _student_files_layout(folder: Path) -> dict[str, dict[str, str]] | None:
    """`<student>/<exercise>.py` (and `<student>/silu.cc`), or `<student>/<exercise>/answer.py` (and
    `<student>/<exercise>/silu.cc`, how both held-out classes hold the kernel exercise): one answer
    per exercise."""
    from autograder.exercises import EXERCISE_IDS

    root = next((folder / n for n in ("submissions", "students", "class") if (folder / n).is_dir()), folder)
    texts: dict[str, dict[str, str]] = defaultdict(dict)
    for d in sorted(p for p in root.iterdir() if p.is_dir()):
        for ex in EXERCISE_IDS:
            if (d / f"{ex}.py").is_file():
                texts[ex][d.name] = (d / f"{ex}.py").read_text(encoding="utf-8")
            elif (d / ex / "answer.py").is_file():
                texts[ex][d.name] = (d / ex / "answer.py").read_text(encoding="utf-8")
            if (d / ex / "silu.cc").is_file():
                texts["silu.cc"][d.name] = (d / ex / "silu.cc").read_text(encoding="utf-8")
        if (d / "silu.cc").is_file():
            texts["silu.cc"][d.name] = (d / "silu.cc").read_text(encoding="utf-8")
    return dict(texts) or None


def _submissions_layout(folder: Path) -> dict[str, dict[str, str]]:
    """Per unit, per student: what `jaxgrade similarity` reads from the students' notebooks."""
    from autograder.model import ReleaseInfo
    from autograder.similarity import units

    root = next((folder / n for n in ("submissions", "students", "class") if (folder / n).is_dir()), folder)
    release = ReleaseInfo.load(ROOT / "assignments" / "2026-fall")
    with tempfile.TemporaryDirectory() as tmp:  # the student folders alone (no pairs.json, no grade_out)
        for d in sorted(root.iterdir()):
            if d.is_dir() and d.name not in ("grade_out", "behaviour") and not d.name.startswith("."):
                shutil.copytree(d, Path(tmp) / d.name)
        students = units.read_students(Path(tmp), release)
    texts: dict[str, dict[str, str]] = defaultdict(dict)
    for s in students:
        for unit, text in s.units.items():
            texts[unit][s.student_id] = text
    return dict(texts)


def load(folder: Path, behaviour_dir: Path | None = None) -> HeldoutClass:
    planted = read_pairs(folder / "pairs.json")
    texts = _corpus_layout(folder) or _student_files_layout(folder) or _submissions_layout(folder)
    behaviour: dict[str, dict[str, Any]] = {}
    candidate = behaviour_dir or (folder / "grade_out")
    if candidate.is_dir():
        from autograder.similarity.behaviour import load_folder

        behaviour = dict(load_folder(candidate))
    return HeldoutClass(texts, planted, behaviour)


def grade_behaviour(cls: HeldoutClass) -> None:
    """The grading run's fingerprints of every answer text of the behaviour units, graded by the real
    grader in the bwrap sandbox with a fixed seed (similarity_behaviour_runs.py, cached by text), the
    master's answers included (their jaxpr is no evidence)."""
    from autograder.grade.run.behaviour_read import ExerciseBehaviour
    from autograder.model import ReleaseInfo
    from autograder.similarity.analyse import REFERENCE
    from autograder.similarity.units import subtracted
    from benchmarks.similarity_behaviour_runs import BEHAVIOUR_UNITS, fingerprints, text_key

    reference = subtracted(ReleaseInfo.load(ROOT / "assignments" / "2026-fall"), ROOT / "solutions").reference
    wanted = {
        u: set(by.values()) | ({reference[u]} if u in reference else set())
        for u, by in cls.texts.items()
        if u in BEHAVIOUR_UNITS
    }
    got = fingerprints(wanted)
    out: dict[str, dict[str, Any]] = defaultdict(dict)
    for unit in wanted:
        owners = {**cls.texts[unit], **({REFERENCE: reference[unit]} if unit in reference else {})}
        for sid, text in owners.items():
            fp = ExerciseBehaviour.from_json(got.get(text_key(unit, text)) or None)
            if fp is not None:
                out[sid][unit] = fp
    cls.behaviour = dict(out)


def percent(part: int, whole: int, digits: int = 1) -> str:
    """`part/whole` and its share in percent (0 % of nothing)."""
    return f"{part}/{whole} {100 * part / max(1, whole):.{digits}f} %"


@dataclass
class Figures:
    planted: int = 0
    found: int = 0
    ranked_first: int = 0
    independent: int = 0
    flagged: int = 0
    comparable: int = 0  # planted copies whose two answers were both compared in one unit
    found_comparable: int = 0  # of those, the ones found (a copy with a side too short may be found too)
    short_independent: int = 0  # independent pairs with a side too short to compare as code
    short_flagged: int = 0

    def lines(self, name: str, threshold: float) -> list[str]:
        return [
            f"  {name} (threshold {threshold:.2f}):",
            f"    planted copies found         {percent(self.found, self.planted)}",
            f"    independent pairs flagged    {percent(self.flagged, self.independent)}"
            " (both answers compared as code)",
            f"      with a side too short      {percent(self.short_flagged, self.short_independent)}"
            " (read by words only the pair uses)",
            f"    planted copies ranked first  {percent(self.ranked_first, self.planted)}",
            f"    planted copies comparable    {self.comparable}/{self.planted}"
            " (the others: an answer too short or only starter code)",
            f"    found of the comparable      {percent(self.found_comparable, self.comparable)}",
        ]


def _groups(pairs: list[tuple[str, str]]) -> dict[str, int]:
    """Student -> copy group (connected by planted copies)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for a, b in pairs:
        parent[find(a)] = find(b)
    roots = sorted({find(x) for x in parent})
    return {x: roots.index(find(x)) for x in parent}


# The exercise a unit belongs to: `silu_ffi` is an answer cell and the kernel `silu.cc`. A copy listed
# for the exercise is a copy in both units: it is found when either unit flags the pair, and its
# kernel pair is not an independent pair (round 4 counted the kernels of the planted `silu_ffi`
# copies, e.g. `cc_unroll` disguises, as independent pairs, and copies whose answer cell is the
# copier's own as missed although their kernels were copied).
EXERCISE_OF = {"silu.cc": "silu_ffi"}


def _unit_scores(
    cls: HeldoutClass, with_behaviour: bool
) -> dict[str, tuple[dict[tuple[str, str], float], list[str], list[str]]]:
    """unit -> (pair -> score for every pair reported at threshold 0, the students compared, the
    students whose answer is too short to compare as code or starter code only)."""
    from autograder.model import ReleaseInfo
    from autograder.similarity import analyse
    from autograder.similarity.units import StudentUnits, subtracted

    sub = subtracted(ReleaseInfo.load(ROOT / "assignments" / "2026-fall"), ROOT / "solutions")
    students = sorted({s for by in cls.texts.values() for s in by})
    out = {}
    for unit, by_student in sorted(cls.texts.items()):
        rep = analyse.analyse(
            [StudentUnits(s, {unit: by_student[s]}) for s in students if s in by_student],
            sub,
            threshold=0.0,
            units=(unit,),
            behaviour=cls.behaviour if with_behaviour else None,
        ).units[unit]
        short = sorted({*rep.too_short, *rep.starter_only})
        out[unit] = ({(m.a, m.b): m.similarity for m in rep.pairs}, sorted(rep.compared), short)
    return out


def measure(cls: HeldoutClass, threshold: float, with_behaviour: bool) -> Figures:
    per_unit = _unit_scores(cls, with_behaviour)
    figures = Figures()
    exercises = sorted({EXERCISE_OF.get(u, u) for u in cls.texts})
    for exercise in exercises:
        units = [u for u in sorted(cls.texts) if EXERCISE_OF.get(u, u) == exercise]
        answered = {s for u in units for s in cls.texts[u]}

        def score(a: str, b: str, units: list[str] = units) -> float:
            key = (a, b) if a < b else (b, a)
            return max(per_unit[u][0].get(key, 0.0) for u in units)

        here = [
            (a, b)
            for u, a, b in cls.planted
            if (u is None or EXERCISE_OF.get(u, u) == exercise) and a in answered and b in answered and a != b
        ]
        group = _groups(here)
        for a, b in here:
            figures.planted += 1
            comparable = any(a in per_unit[u][1] and b in per_unit[u][1] for u in units)
            s = score(a, b)
            figures.comparable += comparable
            figures.found += s >= threshold
            figures.found_comparable += comparable and s >= threshold
            rivals = [score(b, x) for x in answered if x != b and group.get(x, -1) != group[b]]
            figures.ranked_first += s > 0 and s > max(rivals, default=0.0)
        for unit in units:
            _count_independent(figures, per_unit[unit], group, threshold)
    return figures


def _count_independent(
    figures: Figures,
    unit: tuple[dict[tuple[str, str], float], list[str], list[str]],
    group: dict[str, int],
    threshold: float,
) -> None:
    """A unit's independent pairs: both students answered it and are not linked by planted copies.
    Pairs whose two answers were compared as code are counted apart from pairs with a side too short
    (round 14 reads those by their words alone; earlier rounds never paired them)."""
    scores, compared, short = unit
    names = sorted([*compared, *short])
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if a in group and group.get(b, -2) == group[a]:
                continue
            flagged = scores.get((a, b), 0.0) >= threshold
            if a in compared and b in compared:
                figures.independent += 1
                figures.flagged += flagged
            else:
                figures.short_independent += 1
                figures.short_flagged += flagged


def report(
    folder: Path, threshold: float, behaviour_dir: Path | None = None, grade: bool = False
) -> list[str]:
    """The measurement part's lines: aggregate figures only. `grade`: make the grading run's
    fingerprints of the class here (the real grader, minutes) when no folder of them is given."""
    if not (folder / "pairs.json").is_file():
        return [f"measurement part: {folder} has no pairs.json yet: not measured"]
    cls = load(folder, behaviour_dir)
    if grade and not cls.behaviour:
        grade_behaviour(cls)
    units = len(cls.texts)
    students = len({s for by in cls.texts.values() for s in by})
    lines = [f"== measurement part ({folder.name}: not tuned on; {students} students, {units} units) =="]
    lines += measure(cls, threshold, False).lines("code", threshold)
    if cls.behaviour:
        students_fp = len([s for s in cls.behaviour if s != "reference solution"])
        lines += measure(cls, threshold, True).lines(
            f"code + behaviour ({students_fp} students' fingerprints)", threshold
        )
    else:
        lines.append(
            "  code + behaviour: no grading-run fingerprints given (--heldout-behaviour): not measured"
        )
    return lines
