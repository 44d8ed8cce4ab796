# Reference answer of the course notes (recursive walk with jaxprs_in_params, Counter).
def primitive_histogram(f, *args):
    def walk(jaxpr, c):
        for eqn in jaxpr.eqns:
            c[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                walk(sub, c)
        return c
    return walk(jax.make_jaxpr(f)(*args).jaxpr, Counter())
