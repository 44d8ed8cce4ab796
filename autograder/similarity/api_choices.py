"""The library choices an answer makes (trusted side; issue 46, round 12; texts are only read).

The code channel keeps the shape of the code and the vocabulary channel the names a student chose.
Between them sits what a student picks from the library: which attribute of which object they reach
for (`.to_tangent_aval`, `.from_primal_value`, `.cost_analysis`), which short strings they pass
(`"broadcast_all"`, `"bytes accessed"`, an FFI target's name), which functions a kernel calls
(`expf`, `std::exp`, `std::transform`). Each of these is one of several the exercise allows;
students writing alone spread over them, and a copier keeps the original's through renaming,
restyling, inlining and reformatting. Like a name, a choice is evidence only when few classmates
made it: the vocabulary channel weighs them by rarity and reads them against the pair's students'
other pairs (vocabulary.py, combine.py).

Read from an answer (minus those of the release's cells and the reference answer):
  * Python: every attribute name after a `.`, and every string literal of at most MAX_STRING
    characters that is not a docstring (a triple-quoted string);
  * C++: every member after `.`, `->` or `::`, every name called (`name(`), and every string literal
    of at most MAX_STRING characters (an unclosed one to the end of its line), comments left out.
An answer that does not tokenize is read through a regular expression (attributes only).
"""

from __future__ import annotations

import io
import re
import tokenize

MAX_STRING = 40  # longer strings are messages and prose, not a choice among a few
_PY_ATTRIBUTE = re.compile(r"\.\s*([A-Za-z_]\w*)")
_CPP_COMMENT = re.compile(r"//[^\n]*|/\*.*?(?:\*/|\Z)", re.S)  # unclosed: to the end, no rescan
# An unclosed string runs to the end of its line: tried again from each escaped quote of a long
# unclosed line, the scan would be quadratic.
_CPP_STRING = re.compile(r'"((?:\\.|[^"\\\n])*)(?:"|$)', re.M)
_CPP_MEMBER = re.compile(r"(?:\.|->|::)\s*([A-Za-z_]\w*)")
_CPP_CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
_STRING_PREFIX = "rbuRBUfF"


def _python_choices(text: str) -> set[str]:
    found: set[str] = set()
    previous = ""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.NAME and previous == ".":
                found.add("." + tok.string)
            elif tok.type == tokenize.STRING:
                body = tok.string.lstrip(_STRING_PREFIX)
                if not body.startswith(('"""', "'''")) and 2 < len(body) <= MAX_STRING + 2:
                    found.add("'" + body[1:-1])
            if tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT):
                previous = tok.string
    except (tokenize.TokenError, SyntaxError, UnicodeError, ValueError):
        # cut off, badly indented, a lone surrogate or NUL: the attributes as text
        found |= {"." + m for m in _PY_ATTRIBUTE.findall(text)}
    return found


def _cpp_choices(text: str) -> set[str]:
    code = _CPP_COMMENT.sub(" ", text)
    found = {"'" + s for s in _CPP_STRING.findall(code) if 0 < len(s) <= MAX_STRING}
    code = _CPP_STRING.sub(" ", code)
    found |= {"." + m for m in _CPP_MEMBER.findall(code)}
    return found | {m + "()" for m in _CPP_CALL.findall(code)}


def choices_of(text: str, language: str) -> set[str]:
    """The library choices of a text in `language` ("python" or "cpp"): `.attribute`, `'string`,
    and in C++ also `called()`."""
    return _cpp_choices(text) if language == "cpp" else _python_choices(text)
