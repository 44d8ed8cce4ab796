# Degenerate: ones of the right shape.
def gammaln_cb(x):
    return jnp.ones_like(x)
