from collections.abc import Iterator


def _prims(j) -> Iterator[str]:
    # generator yielding every primitive name
    for eqn in j.eqns:
        yield eqn.primitive.name
        for sub in je.core.jaxprs_in_params(eqn.params):
            yield from _prims(sub)


def primitive_histogram(f, *args):
    return Counter(_prims(jax.make_jaxpr(f)(*args).jaxpr))
