def iter_primitives(jp):
    for eqn in jp.eqns:
        yield eqn.primitive.name
        for sub in je.core.jaxprs_in_params(eqn.params):
            yield from iter_primitives(sub)


def primitive_histogram(f, *args):
    return Counter(iter_primitives(jax.make_jaxpr(f)(*args).jaxpr))
