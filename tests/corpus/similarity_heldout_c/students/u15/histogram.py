def _prims(j):
    names = []
    for eqn in j.eqns:
        names.append(eqn.primitive.name)
        for sub in je.core.jaxprs_in_params(eqn.params):
            names += _prims(sub)
    return names


def primitive_histogram(f, *args):
    return Counter(_prims(jax.make_jaxpr(f)(*args).jaxpr))
