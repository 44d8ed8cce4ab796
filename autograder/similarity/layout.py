"""The layout channel of the similarity report: how an answer's text is laid out (trusted side).

The code channel normalises the layout away (names, comments, brackets, whitespace), so two honest
answers that converge on one text read as equal to it, and so does a copy of that text. A copier
keeps the original's layout unless they reformat it, while independently written answers rarely
share it (Sherlock, Warwick, compares raw, no-whitespace and no-comment versions for this reason).

Each line of the answer (the release's starter lines removed) becomes its *shape*: the raw text with
every name replaced by its casing shape (`x`, `snake_case` -> `a_a`, `CamelCase` -> `Aa`, ...),
every number by its form (`1.0` -> `9.9`, `1e-3` -> `9e-9`), every string by its quotes and every
comment by its shape (where it sits, its script, its length), while keywords, attribute names,
operators, brackets, commas, spaces and indentation are kept as written. A layout feature is a line
shape, or two consecutive line shapes with the blank lines between them (where statements are broken
across lines, where blank lines go, how comments sit), hashed.

A pair's layout score is the rarity weight of the features both hold (the code channel's weight,
`rarity_weight`) over the smaller side's number of features. A feature held by more than
COMMON_SHARE of the class's answers weighs nothing: the layout a formatter (black, ruff format)
gives the whole class, or a course's shared style, raises nobody.
"""

from __future__ import annotations

import hashlib
import keyword
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

# A feature in more than this share of the answers of a unit is the class's layout (a formatter,
# the course notes' style): it weighs nothing.
COMMON_SHARE = 0.3

_CPP_KEYWORDS = frozenset(
    "auto bool break case char const constexpr continue default do double else enum extern float for "
    "if inline int long namespace nullptr return short signed size_t sizeof static struct switch "
    "template typename unsigned using void while true false".split()
)
_PY_KEYWORDS = frozenset(keyword.kwlist) | frozenset({"self", "print", "range", "len"})
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_LEXEME = re.compile(
    r"""(?P<comment>\#.*|//.*)
      |(?P<string>[rbfuRBFU]{0,2}(?:\"\"\"|'''|\"(?:\\.|[^"\\])*\"?|'(?:\\.|[^'\\])*'?))
      |(?P<number>\d[\d_]*(?:\.\d*)?(?:[eE][+-]?\d+)?[fFlLuU]*|\.\d+(?:[eE][+-]?\d+)?)
      |(?P<name>[A-Za-z_]\w*)
      |(?P<space>[ \t]+)
      |(?P<other>.)""",
    re.VERBOSE,
)


def _name_shape(name: str) -> str:
    """`walk` -> `a`, `eqn_count` -> `a_a`, `JaxprWalker` -> `Aa`, `MAX_DEPTH` -> `A_A`, `x` -> `x`."""
    if len(name) == 1:
        return "x" if name.islower() else "X"
    parts = [p for p in name.split("_") if p]
    if not parts:
        return "_"
    shape = "_".join(
        "A" if p.isupper() else "Aa" if p[0].isupper() else "aA" if not p.islower() else "a" for p in parts
    )
    return ("_" if name.startswith("_") else "") + shape


def _comment_shape(text: str, inline: bool) -> str:
    """Where a comment sits and what it looks like, not its words: its marker and the spaces after
    it, its script (Chinese or not) and its length in tens of characters."""
    marker = "//" if text.startswith("//") else "#"
    body = text[len(marker) :]
    gap = len(body) - len(body.lstrip(" "))
    script = "zh" if CJK.search(body) else "en" if body.strip() else "empty"
    return f"{'inline' if inline else 'own'}{marker}{gap}{script}{len(body.strip()) // 10}"


def line_shape(line: str, keywords: frozenset[str]) -> str:
    """A line's layout: names by casing shape, literals by form, comments by shape, the rest as written."""
    out: list[str] = []
    after_dot = False
    for m in _LEXEME.finditer(line.rstrip()):
        kind, text = m.lastgroup, m.group()
        if kind == "comment":
            out.append(_comment_shape(text, inline=any(not s.isspace() for s in out)))
        elif kind == "string":
            quote = (
                text.lstrip("rbfuRBFU")[:3]
                if text.lstrip("rbfuRBFU")[:3] in ('"""', "'''")
                else text.lstrip("rbfuRBFU")[:1]
            )
            out.append(text[: len(text) - len(text.lstrip("rbfuRBFU"))].lower() + quote + "s" + quote)
        elif kind == "number":
            out.append(re.sub(r"\d[\d_]*", "9", text))
        elif kind == "name":
            out.append(text if text in keywords or after_dot else _name_shape(text))
        else:
            out.append(text)
        if kind != "space":
            after_dot = text == "." and kind == "other"
    return "".join(out)


@dataclass(frozen=True)
class Layout:
    """One answer's layout features (hashes) and, for the report, which line each came from."""

    features: frozenset[int]
    lines: Mapping[int, str]  # feature -> the answer's line (stripped) it starts at


def _hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def layout_of(text: str, language: str, is_starter: Callable[[str], bool]) -> Layout:
    """`text`'s layout features; `is_starter(line)` says which lines are the release's (not the student's)."""
    keywords = _CPP_KEYWORDS if language == "cpp" else _PY_KEYWORDS
    features: dict[int, str] = {}
    previous: str | None = None
    blanks = 0
    for raw in text.splitlines():
        if not raw.strip():
            blanks += 1
            continue
        if is_starter(raw):
            previous, blanks = None, 0
            continue
        shape = line_shape(raw, keywords)
        features.setdefault(_hash("L\0" + shape), raw.strip())
        if previous is not None:
            features.setdefault(_hash(f"P\0{previous}\0{min(blanks, 3)}\0{shape}"), raw.strip())
        previous, blanks = shape, 0
    return Layout(frozenset(features), features)


def common_features(layouts: Mapping[str, Layout]) -> set[int]:
    counts = Counter(h for lay in layouts.values() for h in lay.features)
    limit = COMMON_SHARE * len(layouts)
    return {h for h, c in counts.items() if c > limit}


@dataclass(frozen=True)
class LayoutMatch:
    score: float  # rarity-weighted share of the smaller side's features
    only_pair: int  # shared features no other student of the class holds
    few: int  # shared features held by at most 3 students
    example: str  # a line of side A that carries a feature only the pair holds (or the rarest)


def layout_scores(
    layouts: Mapping[str, Layout],
    pairs: list[tuple[str, str]],
    weight: Callable[[int], float],
) -> dict[tuple[str, str], LayoutMatch]:
    """Each pair's layout score, with the class's common layout removed and each shared feature
    weighed by `weight(holders)` (the code channel's rarity weight)."""
    common = common_features(layouts)
    features = {sid: lay.features - common for sid, lay in layouts.items()}
    holders = Counter(h for f in features.values() for h in f)
    out: dict[tuple[str, str], LayoutMatch] = {}
    for a, b in pairs:
        if a not in features or b not in features:
            continue
        shared = features[a] & features[b]
        smaller = min(len(features[a]), len(features[b]))
        if not shared or not smaller:
            continue
        score = sum(weight(holders[h]) for h in shared) / smaller
        rarest = min(shared, key=lambda h: (holders[h], layouts[a].lines[h]))
        out[a, b] = LayoutMatch(
            score=min(1.0, score),
            only_pair=sum(holders[h] == 2 for h in shared),
            few=sum(holders[h] <= 3 for h in shared),
            example=layouts[a].lines[rarest],
        )
    return out


def describe(m: LayoutMatch, students: int) -> tuple[str, int]:
    """The report's evidence line for a layout match and how many students hold its rarest feature."""
    if m.only_pair:
        return (
            f"same layout in {m.only_pair} lines or line pairs (spacing, line breaks, blank lines, "
            f"quotes, comment shapes), held by no other student of {students}, e.g. `{m.example[:80]}`",
            2,
        )
    return (
        f"same layout in {m.few} lines or line pairs held by at most 3 of {students} students, "
        f"e.g. `{m.example[:80]}`",
        3,
    )
