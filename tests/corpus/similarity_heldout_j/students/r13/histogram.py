def primitive_histogram(f, *args):
    def go(jx):
        c = Counter(e.primitive.name for e in jx.eqns)
        for e in jx.eqns:
            for s in je.core.jaxprs_in_params(e.params):
                c.update(go(s))
        return c

    return go(jax.make_jaxpr(f)(*args).jaxpr)
