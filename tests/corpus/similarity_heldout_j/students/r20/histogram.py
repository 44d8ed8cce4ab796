from functools import reduce


def _hist(jaxpr) -> Counter:
    own: Counter = Counter(eqn.primitive.name for eqn in jaxpr.eqns)
    subs = [_hist(s) for eqn in jaxpr.eqns for s in je.core.jaxprs_in_params(eqn.params)]
    return reduce(lambda a, b: a + b, subs, own)


def primitive_histogram(f, *args) -> Counter:
    return _hist(jax.make_jaxpr(f)(*args).jaxpr)
