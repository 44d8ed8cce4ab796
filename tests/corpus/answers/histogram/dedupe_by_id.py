# Mistake: a "visited" set skips a sub-jaxpr already seen, so a jit function called several times
# is counted once (the same undercount as reading the printed jaxpr): the gate fails.
def primitive_histogram(f, *args):
    c, seen = Counter(), set()

    def walk(jaxpr):
        if id(jaxpr) in seen:
            return
        seen.add(id(jaxpr))
        for eqn in jaxpr.eqns:
            c[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                walk(sub)

    walk(jax.make_jaxpr(f)(*args))
    return c
