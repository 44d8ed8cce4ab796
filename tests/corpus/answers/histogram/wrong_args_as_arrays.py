# Mistake: makes an array of every argument that is not one yet, in float32, before tracing. A pytree
# argument (a dict) raises, and a Python int scalar loses the conversion JAX records for it.
def primitive_histogram(f, *args):
    arrays = [a if hasattr(a, "shape") else jnp.asarray(a, dtype=jnp.float32) for a in args]
    c = Counter()

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            c[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                walk(sub)

    walk(jax.make_jaxpr(f)(*arrays).jaxpr)
    return c
