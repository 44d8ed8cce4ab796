# Correct, written differently: a generator of names over je.core.subjaxprs, counted with Counter.
def _names(jaxpr):
    for eqn in jaxpr.eqns:
        yield eqn.primitive.name
    for sub in je.core.subjaxprs(jaxpr):
        yield from _names(sub)


def primitive_histogram(f, *args):
    return Counter(_names(jax.make_jaxpr(f)(*args)))
