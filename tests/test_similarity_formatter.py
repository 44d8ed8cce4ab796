"""A formatter's output never loses a token-based match (autograder/similarity/tokens.py): the magic
trailing commas black and ruff format add when they explode a call, a signature or a literal one
element per line, and the braces clang-format (InsertBraces) or people put around a one-statement
C++ body, give the tokens of the unformatted answer; code that differs still differs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from autograder.similarity.tokens import tokenize

RUFF = Path(sys.executable).parent / "ruff"  # a dev dependency (pyproject.toml), the real formatter

COMPACT = """
def primitive_counts(f, *args) -> dict:
    closed = jax.make_jaxpr(f)(*args)
    counts: dict = {}
    pending = [closed.jaxpr]
    while pending:
        jx = pending.pop()
        for e in jx.eqns:
            counts[e.primitive.name] = counts.get(e.primitive.name, 0) + 1
            pending.extend(sub_jaxprs(e.params, depth=1))
    return counts
"""

EXPLODED = """
def primitive_counts(
    f,
    *args,
) -> dict:
    closed = jax.make_jaxpr(f)(
        *args,
    )
    counts: dict = {}
    pending = [
        closed.jaxpr,
    ]
    while pending:
        jx = pending.pop()
        for e in jx.eqns:
            counts[
                e.primitive.name
            ] = counts.get(
                e.primitive.name,
                0,
            ) + 1
            pending.extend(
                sub_jaxprs(
                    e.params,
                    depth=1,
                ),
            )
    return counts
"""


def texts(source: str, language: str = "python") -> list[str]:
    return [t.text for t in tokenize(source, language)]


def test_magic_trailing_commas_of_an_exploded_python_answer_read_as_the_compact_one() -> None:
    assert texts(EXPLODED) == texts(COMPACT)
    # the comma of a one-element tuple is the program, not its layout: it stays
    assert texts("(x,) = xs\nreturn (f(x),)\n") != texts("x = xs\nreturn f(x)\n")
    assert texts("y = a[i,]\n") != texts("y = a[i]\n")
    # a different call still differs
    assert texts(EXPLODED.replace("depth=1,", "depth=1, extra,")) != texts(COMPACT)


def test_ruff_format_with_a_narrow_line_keeps_the_answers_tokens() -> None:
    formatted = subprocess.run(
        [str(RUFF), "format", "--isolated", "--line-length", "20", "-"],
        input=COMPACT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    assert ",\n" in formatted and formatted != COMPACT  # the formatter did explode something
    assert texts(formatted) == texts(COMPACT)


PLAIN_CC = """
void Scale(const float* x, float* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) y[i] = 2.0f * x[i];
  if (n > 0) y[0] = 0.0f; else y[0] = 1.0f;
  static const int kDims[] = {1, 2, 3};
}
"""

BRACED_CC = """
void Scale(const float* x, float* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    y[i] = 2.0f * x[i];  // one statement, now braced
  }
  if (n > 0) {
    y[0] = 0.0f;
  } else {
    y[0] = 1.0f;
  }
  static const int kDims[] = {
      1,
      2,
      3,
  };
}
"""


def test_braces_around_a_one_statement_cpp_body_and_trailing_commas_do_not_count() -> None:
    assert texts(BRACED_CC, "cpp") == texts(PLAIN_CC, "cpp")
    # a body of two statements keeps its braces: it is another program than two statements after a loop
    two = BRACED_CC.replace("y[i] = 2.0f * x[i];", "y[i] = 2.0f * x[i]; y[i] += 1.0f;")
    assert "{" in texts(two, "cpp")[texts(two, "cpp").index("for") :][:30]


def test_a_registration_written_as_a_decorator_reads_as_the_call_that_applies_it() -> None:
    decorated = """
rms_p = Primitive("rms")


@rms_p.def_abstract_eval
def _abstract(x, *, eps):
    return core.ShapedArray(x.shape, x.dtype)
"""
    called = """
rms_p = Primitive("rms")


def _abstract(x, *, eps):
    return core.ShapedArray(x.shape, x.dtype)


rms_p.def_abstract_eval(_abstract)
"""
    assert texts(decorated) == texts(called)
    # another registration is another program
    assert texts(decorated) != texts(called.replace("def_abstract_eval(", "def_impl("))
