# Correct, written independently: one pair's distance, vmapped over both sets.
# ruff: noqa: F821 (an answer cell: jnp and jax come from the release's setup cell)
def _dist(x, y):
    d = x - y
    s = jnp.dot(d, d)
    nz = s > 0
    return jnp.where(nz, jnp.sqrt(jnp.where(nz, s, 1.0)), 0.0)


def safe_pairwise_distance(X, Y):
    return jax.vmap(lambda x: jax.vmap(lambda y: _dist(x, y))(Y))(X)
