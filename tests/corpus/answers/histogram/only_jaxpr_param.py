# Mistake: recurses only into params["jaxpr"] (jit, scan, checkpoint) and misses cond branches,
# while's cond_jaxpr/body_jaxpr and custom_jvp/custom_vjp call_jaxpr.
def primitive_histogram(f, *args):
    c = Counter()

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            c[eqn.primitive.name] += 1
            if "jaxpr" in eqn.params:
                walk(eqn.params["jaxpr"])

    walk(jax.make_jaxpr(f)(*args))
    return c
