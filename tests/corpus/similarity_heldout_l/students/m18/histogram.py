def primitive_histogram(f, *args):
    h = lambda j: sum((h(s) for e in j.eqns for s in je.core.jaxprs_in_params(e.params)),
                      Counter(e.primitive.name for e in j.eqns))
    return h(jax.make_jaxpr(f)(*args).jaxpr)
