"""Disguise classes a copier used on a class the detector was not tuned on (issue 46, round 4): each
rewrite reads as the code it came from (autograder/similarity/branches.py, tokens.py, normalise.py,
slicing.py), and a program that computes something else stays apart."""

from __future__ import annotations

from autograder.similarity import analyse, units
from autograder.similarity.tokens import tokenize

ENTRY = frozenset({b"safe_pairwise_distance", b"rms_batch", b"primitive_histogram", b"gammaln_cb"})


def texts(source: str) -> list[str]:
    return [t.text for t in tokenize(source, "python", entry_points=ENTRY)]


BATCH = """
def rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    if bd == x.ndim - 1:
        return prim.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0
    return prim.bind(x, eps=eps), bd
"""


def test_an_inverted_condition_with_swapped_branches_reads_the_same() -> None:
    inverted = """
def rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    if bd != -1 + x.ndim:
        return prim.bind(x, eps=eps), bd
    return prim.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0
"""
    with_else = """
def rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    if not (bd == x.ndim - 1):
        return prim.bind(x, eps=eps), bd
    else:
        return prim.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0
"""
    assert texts(inverted) == texts(BATCH)
    assert texts(with_else) == texts(BATCH)
    # the branches swapped without inverting the condition compute something else
    swapped = BATCH.replace("bd == x.ndim - 1", "bd != x.ndim - 1")
    assert texts(swapped) != texts(BATCH)


def test_a_conditional_expression_turned_round_reads_the_same() -> None:
    plain = "def safe_pairwise_distance(X, Y):\n    return jnp.sum(X) if X.ndim == 2 else jnp.prod(Y)\n"
    turned = "def safe_pairwise_distance(X, Y):\n    return jnp.prod(Y) if X.ndim != 2 else jnp.sum(X)\n"
    assert texts(turned) == texts(plain)
    assert texts(plain.replace("==", "!=")) != texts(plain)


def test_differences_read_as_signed_sums() -> None:
    plain = "def safe_pairwise_distance(X, Y):\n    d = X[:, None] - Y[None]\n    return jnp.sum(d, -1) - 1\n"
    moved = (
        "def safe_pairwise_distance(X, Y):\n    d = -Y[None] + X[:, None]\n    return -1 + jnp.sum(d, -1)\n"
    )
    assert texts(moved) == texts(plain)
    assert texts(plain.replace("X[:, None] - Y[None]", "Y[None] - X[:, None]")) != texts(plain)


def test_a_product_of_one_value_with_itself_is_its_square() -> None:
    square = "def safe_pairwise_distance(X, Y):\n    return jnp.sqrt(jnp.sum((X - Y) ** 2, -1) * Y)\n"
    product = "def safe_pairwise_distance(X, Y):\n    return jnp.sqrt(Y * jnp.sum((X - Y) * (X - Y), -1))\n"
    assert texts(product) == texts(square)
    assert texts(product.replace("(X - Y) * (X - Y)", "(X - Y) * (X + Y)")) != texts(square)
    # two different names are no square, although both read as `N`
    assert texts(square.replace("(X - Y) ** 2", "X * Y")) != texts(square.replace("(X - Y) ** 2", "X ** 2"))


def test_an_array_filled_with_one_constant_reads_as_the_constant() -> None:
    plain = """
def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X - Y) ** 2, -1)
    zero = sq == 0.0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
"""
    filled = """
def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X - Y) ** 2, -1)
    zero = sq == 0.0
    return jnp.where(zero, jnp.zeros_like(sq), jnp.sqrt(jnp.where(zero, jnp.full_like(sq, 1.0), sq)))
"""
    assert texts(filled) == texts(plain)
    assert texts(plain.replace("jnp.sqrt(", "jnp.log(")) != texts(plain)


def test_a_branch_that_does_nothing_is_dropped() -> None:
    plain = "def safe_pairwise_distance(X, Y):\n    d = X - Y\n    return jnp.sum(d * d, -1) + jnp.max(d)\n"
    padded = (
        "def safe_pairwise_distance(X, Y):\n    d = X - Y\n    if X.ndim != 2:\n        pass  # 2-D only\n"
        "    return jnp.sum(d * d, -1) + jnp.max(d)\n"
    )
    assert texts(padded) == texts(plain)


HIST = """
def primitive_histogram(f, *args):
    counter = Counter()
    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            counter[eqn.primitive.name] += 1
            subs = core.jaxprs_in_params(eqn.params)
            for s in subs:
                walk(s)
    walk(jax.make_jaxpr(f)(*args).jaxpr)
    return counter
"""


def test_a_comprehension_whose_list_is_thrown_away_is_the_loop_it_replaces() -> None:
    comprehension = """
def primitive_histogram(f, *args):
    counter = Counter()
    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            counter[eqn.primitive.name] += 1
            [walk(s) for s in core.jaxprs_in_params(eqn.params)]
    walk(jax.make_jaxpr(f)(*args).jaxpr)
    return counter
"""
    # the temporary `subs` is substituted although the loop's `counter[eqn...] += 1` names `eqn`
    assert texts(comprehension) == texts(HIST)
    kept = comprehension.replace("[walk(s) for s in", "walked = [walk(s) for s in").replace(
        "    return counter", "    return counter, walked"
    )
    assert texts(kept) != texts(HIST)


def test_a_helper_called_only_in_an_if_false_block_is_dead() -> None:
    padded = HIST.replace(
        "    walk(jax.make_jaxpr", "    if False:\n        _dump(counter)\n    walk(jax.make_jaxpr"
    ) + "\n\ndef _dump(c):\n    for k in sorted(c):\n        print(k, c[k])\n        log.append(k)\n"
    assert texts(padded) == texts(HIST)


def test_a_helper_passed_once_as_a_value_reads_as_the_lambda_it_replaces() -> None:
    named = """
def _lgamma_host(a):
    return sps.gammaln(np.asarray(a)).astype(np.float32)

def gammaln_cb(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(_lgamma_host, spec, x, vmap_method="expand_dims")
"""
    inline = """
def gammaln_cb(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda a: sps.gammaln(np.asarray(a)).astype(np.float32), spec, x,
                             vmap_method="expand_dims")
"""
    assert texts(named) == texts(inline)
    assert texts(inline.replace("sps.gammaln", "sps.digamma")) != texts(named)


def test_an_inlined_call_keeps_what_it_was_called_with() -> None:
    outlined = """
def _sq_dists(X, Y):
    return jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)

def _safe_sqrt(z):
    is_zero = z == 0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, z)))

def safe_pairwise_distance(X, Y):
    return _safe_sqrt(_sq_dists(X, Y))
"""
    written_out = """
def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    is_zero = sq == 0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))
"""
    assert texts(outlined) == texts(written_out)
    # the distances are part of the answer: another way of computing them reads differently
    other = outlined.replace("(X[:, None, :] - Y[None, :, :]) ** 2", "X[:, None, :] * Y[None, :, :]")
    assert texts(other) != texts(written_out)


def _distinct(k: int) -> str:
    return (
        f"def safe_pairwise_distance(X, Y):\n    u = jnp.own{k}a(X, Y)\n    v = jnp.own{k}b(u, u)\n"
        f"    w = jnp.own{k}c(v, X)\n    z = jnp.own{k}d(w, Y)\n    return jnp.own{k}e(z, w)\n"
    )


def _long(k: int) -> str:
    steps = "".join(f"    v{i} = jnp.op{k}x{i}(v{i - 1}, X)\n" for i in range(1, 60))
    return f"def safe_pairwise_distance(X, Y):\n    v0 = jnp.op{k}start(X, Y)\n{steps}    return v59\n"


def _flagged(answers: dict[str, str]) -> set[tuple[str, str]]:
    students = [units.StudentUnits(s, {"safe_distance": t}, ()) for s, t in answers.items()]
    rep = analyse.analyse(students, units.Subtracted({}, {}), units=("safe_distance",))
    return {(m.a, m.b) for m in rep.units["safe_distance"].pairs}


def test_the_text_half_the_class_hands_in_does_not_flag_its_pairs_even_when_it_is_long() -> None:
    def flagged(common: str) -> set[tuple[str, str]]:
        answers = {f"s{k}": common if k <= 5 else _distinct(k) for k in range(1, 11)}
        answers["s10"] = answers["s9"]  # one text only two students hand in
        return _flagged(answers)

    # a short text five of ten students hand in is how a class converges on the obvious answer
    assert flagged(_distinct(99)) == {("s10", "s9")}
    # so is a long one: round 4 flagged its ten pairs (past analyse.LONG_SHARED shared fingerprints),
    # and on the second held-out class six students' honestly identical kernels were 13 of its 51
    # flagged independent pairs that way (docs/similarity.md, round 5)
    assert flagged(_long(99)) == {("s10", "s9")}


REGISTERED = """
def _jvp(primals, tangents, *, axes):
    (x,), (t,) = primals, tangents
    return prim.bind(x, axes=axes), prim.bind(t, axes=axes)

ad.primitive_jvps[prim] = _jvp
"""


def test_a_helper_nothing_registered_reaches_is_dead_in_an_answer_that_only_registers() -> None:
    padded = REGISTERED + "\n\ndef _check(x, axes):\n    assert all(a < x.ndim for a in axes)\n    return x\n"
    assert texts(padded) == texts(REGISTERED)
    used = padded.replace("ad.primitive_jvps[prim] = _jvp", "ad.primitive_jvps[prim] = _jvp\n_check(X0, A0)")
    assert texts(used) != texts(REGISTERED + "_check(X0, A0)\n")


def test_statements_after_a_helpers_return_do_not_keep_it_from_being_inlined() -> None:
    plain = "def safe_pairwise_distance(X, Y):\n    s = jnp.sum((X - Y) ** 2, -1)\n    return jnp.sqrt(s)\n"
    helper = (
        "def _root(v):\n    return jnp.sqrt(v)\n    unused = None\n\n"
        "def safe_pairwise_distance(X, Y):\n    s = jnp.sum((X - Y) ** 2, -1)\n    return _root(s)\n"
    )
    assert texts(helper) == texts(plain)
    assert texts(helper.replace("jnp.sqrt(v)", "jnp.log(v)")) != texts(plain)


def test_a_parameter_read_once_reads_as_the_argument_it_was_called_with() -> None:
    plain = "def safe_pairwise_distance(X, Y):\n    return jnp.sqrt(jnp.sum((X - Y) ** 2, -1))\n"
    helper = (
        "def _root(v):\n    return jnp.sqrt(v)\n\n"
        "def safe_pairwise_distance(X, Y):\n    return _root(jnp.sum((X - Y) ** 2, -1))\n"
    )
    assert texts(helper) == texts(plain)
    assert texts(helper.replace("return jnp.sqrt(v)", "return jnp.sqrt(v) + v")) != texts(plain)


def test_a_helper_moved_into_the_function_that_uses_it_reads_the_same() -> None:
    beside = """
def iter_eqns(jaxpr):
    for eqn in jaxpr.eqns:
        yield eqn
        for inner in core.jaxprs_in_params(eqn.params):
            yield from iter_eqns(inner)

def primitive_histogram(f, *args):
    return Counter(e.primitive.name for e in iter_eqns(jax.make_jaxpr(f)(*args).jaxpr))
"""
    inside = """
def primitive_histogram(f, *args):
    def all_eqns(jx):
        for e in jx.eqns:
            yield e
            for sub in core.jaxprs_in_params(e.params):
                yield from all_eqns(sub)
    return Counter(e.primitive.name for e in all_eqns(jax.make_jaxpr(f)(*args).jaxpr))
"""
    assert texts(inside) == texts(beside)
    assert texts(inside.replace("yield e\n", "yield e.params\n")) != texts(beside)


def test_commutative_functions_properties_and_lists_of_generators_read_in_one_form() -> None:
    plain = (
        "def safe_pairwise_distance(X, Y):\n    n = X.shape[0] + Y.ndim\n"
        "    rows = [jnp.maximum(jnp.sum(x * Y, -1), 1e-12) for x in X]\n    return jnp.stack(rows) * n\n"
    )
    swapped = (
        "def safe_pairwise_distance(X, Y):\n    n = jnp.shape(X)[0] + jnp.ndim(Y)\n"
        "    rows = list(lax.max(1e-12, jnp.sum(x * Y, -1)) for x in X)\n    return jnp.stack(rows) * n\n"
    )
    assert texts(swapped) == texts(plain)
    assert texts(plain.replace("jnp.maximum", "jnp.minimum")) != texts(plain)
    assert texts(swapped.replace("list(", "tuple(")) != texts(plain)
