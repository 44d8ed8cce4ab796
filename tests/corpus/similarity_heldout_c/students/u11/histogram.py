from collections.abc import Iterator


def _names(jaxpr) -> Iterator[str]:
    # generator yielding every primitive name
    for eqn in jaxpr.eqns:
        yield eqn.primitive.name
        for sub in je.core.jaxprs_in_params(eqn.params):
            yield from _names(sub)


def primitive_histogram(f, *args):
    return Counter(_names(jax.make_jaxpr(f)(*args).jaxpr))
