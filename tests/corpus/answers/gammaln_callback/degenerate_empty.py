# Degenerate: an empty array whatever the input.
def gammaln_cb(x):
    return jnp.zeros((0,), jnp.float32)
