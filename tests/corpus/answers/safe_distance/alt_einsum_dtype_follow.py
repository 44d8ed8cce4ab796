# Right, another style: squared distances by einsum over the difference tensor, the safe value
# built in the inputs' dtype; empty point sets and float64 inputs follow v1.
def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    sq = jnp.einsum("nmd,nmd->nm", diff, diff)
    coincide = sq == 0
    one = jnp.ones((), dtype=sq.dtype)
    return jnp.where(coincide, jnp.zeros((), dtype=sq.dtype), jnp.sqrt(jnp.where(coincide, one, sq)))
