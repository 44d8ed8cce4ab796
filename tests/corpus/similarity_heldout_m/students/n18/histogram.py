def primitive_histogram(f, *args):
    flat = lambda j: [n for e in j.eqns for n in [e.primitive.name] + [m for s in je.core.jaxprs_in_params(e.params) for m in flat(s)]]
    return Counter(flat(jax.make_jaxpr(f)(*args).jaxpr))
