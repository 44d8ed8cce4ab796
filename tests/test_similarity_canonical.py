"""The code channel reads what runs, in one canonical form (autograder/similarity/normalise.py,
slicing.py, cpp_canon.py, tokens.py): each disguise a copier uses gives the tokens of the answer it
came from, and programs that compute something else stay apart."""

from __future__ import annotations

from autograder.similarity.tokens import tokenize

ENTRY = frozenset({b"safe_pairwise_distance"})


def texts(source: str, language: str = "python") -> list[str]:
    return [
        t.text
        for t in tokenize(source, language, entry_points=ENTRY if language == "python" else frozenset())
    ]


PLAIN = """
def safe_pairwise_distance(X, Y):
    out = []
    for x in X:
        d = x - Y
        out.append(jnp.sum(d * d, axis=-1))
    sq = jnp.stack(out)
    zero = sq == 0.0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
"""


def test_dead_code_outside_what_the_checks_call_is_not_fingerprinted() -> None:
    padded = """
import math
import functools
DEBUG = False
TOLERANCE = 1e-5

def _check_values(v, w):
    diff = jnp.abs(v) - w
    scale = jnp.max(diff) + 1e-6
    acc = []
    for k in range(3):
        acc.append(jnp.sum(diff * k / scale))
    return acc

def safe_pairwise_distance(X, Y):
    first = X
    second = first if False else X
    info = jnp.shape(second)
    out = []
    for x in X:
        d = x - Y
        out.append(jnp.sum(d * d, axis=-1))
    sq = jnp.stack(out)
    if DEBUG:
        print('check', info)
    zero = sq == 0.0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
"""
    assert texts(padded) == texts(PLAIN)
    # the same helper, called, is code that runs
    called = padded.replace("sq = jnp.stack(out)", "sq = jnp.stack(out) + _check_values(X, Y)[0]")
    assert texts(called) != texts(PLAIN)


def test_a_loop_folded_into_a_comprehension_with_its_temporary_inlined_reads_the_same() -> None:
    comprehension = """
def safe_pairwise_distance(X, Y):
    out = [jnp.sum((x - Y) * (x - Y), axis=-1) for x in X]
    sq = jnp.stack(out)
    zero = sq == 0.0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
"""
    loop = PLAIN.replace("d * d", "d2 * d2").replace("d = x - Y", "d2 = x - Y")
    loop_once = """
def safe_pairwise_distance(X, Y):
    out = []
    for x in X:
        diff = x - Y
        out.append(jnp.sum(diff ** 2, axis=-1))
    sq = jnp.stack(out)
    zero = sq == 0.0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
"""
    inlined_once = loop_once.replace("        diff = x - Y\n", "").replace("diff ** 2", "(x - Y) ** 2")
    assert texts(loop_once) == texts(inlined_once)
    # d is read twice: not a temporary that can move; the comprehension still shares the loop's shape
    assert texts(loop) == texts(PLAIN)
    assert texts(comprehension)[:12] == texts(inlined_once.replace("** 2", "* (x - Y)"))[:12]


def test_another_api_family_reads_as_one_form() -> None:
    swapped = """
def safe_pairwise_distance(X, Y):
    out = []
    for x in X:
        d = x - Y
        out.append((d * d).sum(axis=-1))
    sq = np.stack(out)
    zero = 0.0 == sq
    return lax.select(zero, jnp.zeros_like(sq) * 0.0 + 0.0, jnp.where(zero, 1.0, sq) ** 0.5)
"""
    plain = PLAIN.replace("jnp.where(zero, 0.0,", "jnp.where(zero, jnp.zeros_like(sq) * 0.0 + 0.0,")
    assert texts(swapped) == texts(plain)
    pairs = [
        ("y = a @ b.T", "y = jnp.dot(a, b.T)"),
        ("y = jnp.matmul(a, b)", "y = a.dot(b)"),
        ("y = jnp.square(a)", "y = a ** 2"),
        ("y = jnp.negative(a)", "y = -a"),
        ("m = a > b", "m = b < a"),
        ("m = jnp.greater_equal(a, b)", "m = b <= a"),
        ("acc += a * b", "acc = acc + b * a"),
        ("y = lax.convert_element_type(a, t)", "y = a.astype(t)"),
    ]
    for left, right in pairs:
        assert texts(left) == texts(right), (left, right)
    # other operations stay apart
    assert texts("y = jnp.sum(a)") != texts("y = jnp.prod(a)")
    assert texts("y = a - 2 * b") != texts("y = 2 * a - b")
    assert texts("m = a > 2 * b") != texts("m = a < 2 * b")


def test_re_associated_and_commuted_operands_read_the_same() -> None:
    assert texts("y = (a + b) + c * d") == texts("y = d * c + (b + a)") == texts("y = a + (c * d + b)")
    assert texts("y = x / 2.0") == texts("y = x * 0.5")
    assert texts("y = (a * b) * (c + d)") == texts("y = (d + c) * b * a")
    assert texts("y = (a + b) * c") != texts("y = a + b * c")


def test_a_helper_of_several_statements_outlined_or_inlined_reads_the_same() -> None:
    outlined = """
def _row(x, Y):
    d = x - Y
    s = jnp.sum(d * d, axis=-1)
    return s

def safe_pairwise_distance(X, Y):
    out = []
    for x in X:
        out.append(_row(x, Y))
    sq = jnp.stack(out)
    zero = sq == 0.0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
"""
    inlined = PLAIN.replace(
        "        d = x - Y\n        out.append(jnp.sum(d * d, axis=-1))\n",
        "        d = x - Y\n        s = jnp.sum(d * d, axis=-1)\n        out.append(s)\n",
    )
    assert texts(outlined)[-30:] == texts(inlined)[-30:]
    # a helper passed on once as a value (a registered rule) reads as the lambda it could be, where
    # it is passed (issue 46: copiers turn such helpers into lambdas and back)
    registered = "def rule(x):\n    y = f(x)\n    return g(y)\n\nregister(p, rule)\n"
    as_lambda = "register(p, lambda x: g(f(x)))\n"
    assert texts(registered) == texts(as_lambda) and texts(registered).count("def") == 0


def test_a_cpp_kernel_moved_to_templates_lambdas_and_an_unrolled_loop_reads_like_the_plain_one() -> None:
    plain = """
static inline float Sigmoid(float v) { return 1.0f / (1.0f + std::exp(-v)); }
static void Silu(const float* xp, float* yp, int64_t n) {
  for (int64_t i = 0; i < n; ++i) yp[i] = xp[i] * Sigmoid(xp[i]);
}
"""
    templated = """
template <typename T>
T Sigmoid(T v) { return T(1) / (T(1) + std::exp(-v)); }
void Silu(const float* xp, float* yp, int64_t n) {
  auto body = [&](int64_t i) { yp[i] = xp[i] * Sigmoid<float>(xp[i]); };
  int64_t i = 0;
  for (; i + 1 < n; i += 2) { body(i); body(i + 1); }
  for (; i < n; i++) body(i);
}
"""
    a, b = texts(plain, "cpp"), texts(templated, "cpp")
    helper = "N ( N N ) { return L / ( L + N :: N ( - N ) ) ; }"
    assert helper in " ".join(a)
    # the template's helper: `T(1)` is a call, the rest (head, types, explicit arguments) is gone
    assert "N ( N N ) { return N ( L ) / ( N ( L ) + N :: N ( - N ) ) ; }" in " ".join(b)
    body = "N [ N ] = N ( N [ N ] ) * N [ N ] ;"
    assert body in " ".join(a) and body in " ".join(b)
    # the unrolled calls read as one, and `++i`, `i++`, `i += 2` as `i = i + L`
    assert " ".join(b).count("N ( N ) ;") == 2 and "N = N + L" in " ".join(b)
    assert "template" not in b and "typename" not in b


def test_a_rule_registered_by_its_decorator_is_code_that_runs() -> None:
    """`@gammaln_cb.defjvp` registers the rule although nothing reads its name: it is part of the
    answer's fingerprints (it used to be sliced away as dead code, so every decorated JVP rule of
    gammaln_callback was left out), and a decorator of an object the answer does not bind keeps
    nothing alive."""
    entry = frozenset({b"gammaln_cb"})
    base = """
@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""
    rule = """
@gammaln_cb.defjvp
def _rule(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), t * jax.pure_callback(_psi, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""
    unrelated = rule.replace("@gammaln_cb.defjvp", "@other.defjvp")

    def read(source: str) -> list[str]:
        return [t.text for t in tokenize(source, "python", entry_points=entry)]

    assert read(base + rule) != read(base)
    assert read(base + unrelated) == read(base)
