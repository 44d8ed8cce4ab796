# Correct, written independently: the squared distances by einsum.
# ruff: noqa: F821 (an answer cell: jnp and jax come from the release's setup cell)
def safe_pairwise_distance(X, Y):
    D = X[:, None, :] - Y[None, :, :]
    S = jnp.einsum("ijk,ijk->ij", D, D)
    is0 = S == 0.0
    return jnp.where(is0, 0.0, jnp.sqrt(jnp.where(is0, 1.0, S)))
