def safe_pairwise_distance(X, Y):
    n, m = X.shape[0], Y.shape[0]
    xb = lax.broadcast_in_dim(X, (n, m, X.shape[1]), (0, 2))
    yb = lax.broadcast_in_dim(Y, (n, m, Y.shape[1]), (1, 2))
    df = lax.sub(xb, yb)
    sq = jnp.sum(lax.mul(df, df), axis=2)
    z = lax.eq(sq, jnp.zeros_like(sq))
    safe = lax.select(z, jnp.ones_like(sq), sq)
    return lax.select(z, jnp.zeros_like(sq), lax.sqrt(safe))
