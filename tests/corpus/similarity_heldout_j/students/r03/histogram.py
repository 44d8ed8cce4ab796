def _names(j):
    return [n for e in j.eqns for n in [e.primitive.name] + [m for s in je.core.jaxprs_in_params(e.params) for m in _names(s)]]


def primitive_histogram(f, *args):
    return Counter(_names(jax.make_jaxpr(f)(*args).jaxpr))
