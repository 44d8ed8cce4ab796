# Degenerate: hands back the jaxpr it was asked to count.
def primitive_histogram(f, *args):
    return jax.make_jaxpr(f)(*args)
