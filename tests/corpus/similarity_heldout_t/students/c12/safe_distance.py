def safe_pairwise_distance(X, Y):
    def sq_norms(A):
        return jnp.sum(A * A, axis=1)

    def gram():
        return sq_norms(X)[:, None] + sq_norms(Y)[None, :] - 2.0 * X @ Y.T

    sq = jnp.maximum(gram(), 0.0)
    zero = sq == 0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
