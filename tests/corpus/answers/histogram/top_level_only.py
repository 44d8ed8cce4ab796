# Mistake: counts only the outermost jaxpr, never enters sub-jaxprs (gate fails -> 0).
def primitive_histogram(f, *args):
    return Counter(eqn.primitive.name for eqn in jax.make_jaxpr(f)(*args).eqns)
