"""The vocabulary channel of the similarity report: the names and comments an answer uses
(trusted side; the texts are students' and are only read, never run).

The code channel normalises names and comments away, so that renaming hides nothing. Most disguises
do not rename, though: a copier who reformats, pads with dead code, swaps an API call, moves a
helper or re-associates a constant keeps the original's names (`v_front`, `_count_into`) and often
its comments, while twenty students writing one short exercise alone pick their own. What counts is
what only the pair holds: a name or comment word the release's cells, the reference answer, Python's
keywords and builtins or many classmates also use is no evidence.

Per unit, over the students compared:
  * an answer's identifiers (Python through `tokenize`, C++ through a regular expression; not
    attributes, which are the library's, nor ASCII names under three letters), its comment phrases
    (comments and docstrings: two consecutive Latin words lower-cased, three consecutive CJK
    characters) and its whole comment lines, minus what the release's cells and the reference use;
  * a pair's overlap of each is weighted by rarity, log(N / n) for a word n of the N students use,
    over the weight of the words either uses (weighted Jaccard), and read against the pair's students'
    other pairs by the combination (combine.py), as the code channel's stand-out calibration reads
    code scores;
  * the words only this pair uses are the evidence the report shows.
"""

from __future__ import annotations

import builtins
import io
import keyword
import re
import tokenize
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from autograder.similarity.rarity import weighted_jaccard

_WORD = re.compile(r"[A-Za-z_]\w*")
_CJK = re.compile(r"[\u3400-\u9fff]")
# An unclosed comment or string runs to the end of the text (of the line): a hostile kernel of many
# unclosed `/*` or `"` would otherwise be rescanned from each one to the end (quadratic).
_CPP_COMMENT = re.compile(r"//[^\n]*|/\*.*?(?:\*/|\Z)", re.S)
_CPP_STRING = re.compile(r'"(?:\\.|[^"\\\n])*(?:"|$)', re.M)
# words every answer may use whoever wrote it
_PY_COMMON = frozenset(keyword.kwlist) | frozenset(dir(builtins))
_CPP_COMMON = frozenset(
    "auto bool break case char const constexpr continue default do double else enum extern float for "
    "if inline int long namespace nullptr return short signed size_t sizeof static struct switch "
    "template typename unsigned using void while true false include define std".split()
)
COMMENT_GRAM = 2  # Latin words per comment phrase
CJK_GRAM = 3  # CJK characters per comment phrase
MIN_NAME = 3  # shorter ASCII names are nobody's choice


@dataclass(frozen=True)
class Vocabulary:
    """The words of one answer that the release and the reference do not already use."""

    identifiers: frozenset[str]
    comment_words: frozenset[str]
    comment_lines: frozenset[str] = frozenset()


def _comment_words(text: str) -> set[str]:
    """A comment's phrases: each COMMENT_GRAM consecutive Latin words (lower-cased), and each
    CJK_GRAM consecutive CJK characters. Single words are too common to tell anything: independent
    students share "every", "same", "front" and "求和" by chance."""
    latin = [w.lower() for w in _WORD.findall(text)]
    cjk = _CJK.findall(text)
    found = {" ".join(latin[i : i + COMMENT_GRAM]) for i in range(len(latin) - COMMENT_GRAM + 1)}
    return found | {"".join(cjk[i : i + CJK_GRAM]) for i in range(len(cjk) - CJK_GRAM + 1)}


_PUNCT = re.compile(r"[^\w\u3400-\u9fff]+")
MIN_COMMENT_LINE = 12  # letters and digits of a comment line that can be a choice ...
MIN_CJK_LINE = 6  # ... or CJK characters


def comment_lines_of(text: str, language: str) -> set[str]:
    """Whole comment lines (after `#` or `//`), lower-cased, each run of punctuation and spacing one
    space: independent students rarely write one comment line alike, a copier keeps them."""
    marker = "//" if language == "cpp" else "#"
    found = set()
    for line in text.splitlines():
        at = line.find(marker)
        if at < 0:
            continue
        norm = _PUNCT.sub(" ", line[at + len(marker) :].lower()).strip()
        if len(norm.replace(" ", "")) >= MIN_COMMENT_LINE or len(_CJK.findall(norm)) >= MIN_CJK_LINE:
            found.add(norm)
    return found


def _chosen(name: str) -> bool:
    """A name long enough to be a choice (`i`, `j`, `xp` are everybody's)."""
    return len(name) >= MIN_NAME or any(ord(c) > 127 for c in name)


def _python_words(text: str) -> tuple[set[str], set[str]]:
    identifiers: set[str] = set()
    comments: set[str] = set()
    previous = ""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.NAME and previous != "." and _chosen(tok.string):
                identifiers.add(tok.string)  # an attribute (`np.ndarray`, `x.shape`) is the library's
            elif tok.type == tokenize.COMMENT:
                comments |= _comment_words(tok.string)
            elif tok.type == tokenize.STRING and tok.string.lstrip("rbuRBU").startswith(('"""', "'''")):
                comments |= _comment_words(tok.string)
            if tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT):
                previous = tok.string
    except (tokenize.TokenError, SyntaxError, UnicodeError, ValueError):
        # an answer that does not tokenize (a cut-off string, stray indentation, a lone surrogate or
        # NUL that Python's tokenizer refuses): its words as text
        identifiers |= {w for w in _WORD.findall(text) if _chosen(w)}
    return identifiers - _PY_COMMON, comments


_CPP_MEMBER = re.compile(r"(?:\.|->|::)\s*[A-Za-z_]\w*")


def _cpp_words(text: str) -> tuple[set[str], set[str]]:
    comments: set[str] = set()
    for m in _CPP_COMMENT.finditer(text):
        comments |= _comment_words(m.group())
    code = _CPP_MEMBER.sub(" ", _CPP_STRING.sub(" ", _CPP_COMMENT.sub(" ", text)))
    return {w for w in _WORD.findall(code) if _chosen(w)} - _CPP_COMMON, comments


def words_of(text: str, language: str) -> tuple[set[str], set[str]]:
    """(identifiers, comment words) of a text in `language` ("python" or "cpp")."""
    return _cpp_words(text) if language == "cpp" else _python_words(text)


def vocabulary_of(text: str, language: str, given: Vocabulary) -> Vocabulary:
    """An answer's vocabulary minus `given` (what the release's cells and the reference use)."""
    identifiers, comments = words_of(text, language)
    return Vocabulary(
        frozenset(identifiers - given.identifiers),
        frozenset(comments - given.comment_words),
        frozenset(comment_lines_of(text, language) - given.comment_lines),
    )


def given_vocabulary(texts: Iterable[str], language: str) -> Vocabulary:
    """What the release's cells and the reference answer of a unit use: every word of them, names
    and comment words alike (a docstring word of the starter is no evidence as a name either)."""
    identifiers: set[str] = set()
    comments: set[str] = set()
    lines: set[str] = set()
    for text in texts:
        names, words = words_of(text, language)
        identifiers |= names | {w.lower() for w in names}
        comments |= words | {w.lower() for w in names}
        lines |= comment_lines_of(text, language)
    return Vocabulary(frozenset(identifiers), frozenset(comments), frozenset(lines))


@dataclass(frozen=True)
class VocabularyMatch:
    """What two answers' vocabularies share, read against the class."""

    identifiers: float  # weighted Jaccard of the identifiers, 0..1
    only_pair_identifiers: tuple[str, ...]  # identifiers no other student uses
    comments: float  # weighted Jaccard of the comment words
    only_pair_comment_words: tuple[str, ...]
    only_pair_comment_lines: tuple[str, ...] = ()


def _only_pair(a: frozenset[str], b: frozenset[str], holders: Counter[str]) -> tuple[str, ...]:
    return tuple(sorted(w for w in a & b if holders[w] == 2))


def vocabulary_scores(vocabularies: Mapping[str, Vocabulary]) -> dict[tuple[str, str], VocabularyMatch]:
    """Every pair (a < b) of the students given, with what their vocabularies share."""
    names = {sid: v.identifiers for sid, v in vocabularies.items()}
    words = {sid: v.comment_words for sid, v in vocabularies.items()}
    name_overlap, name_holders = weighted_jaccard(names)
    word_overlap, word_holders = weighted_jaccard(words)
    lines = {sid: v.comment_lines for sid, v in vocabularies.items()}
    line_holders = Counter(w for s in lines.values() for w in s)
    return {
        pair: VocabularyMatch(
            identifiers=name_overlap[pair],
            only_pair_identifiers=_only_pair(names[pair[0]], names[pair[1]], name_holders),
            comments=word_overlap[pair],
            only_pair_comment_words=_only_pair(words[pair[0]], words[pair[1]], word_holders),
            only_pair_comment_lines=_only_pair(lines[pair[0]], lines[pair[1]], line_holders),
        )
        for pair in name_overlap
    }
