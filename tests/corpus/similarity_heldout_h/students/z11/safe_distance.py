# ✍️ 作答区:练习 4
@jax.custom_jvp
def _sqrt0(z):
    '''sqrt whose derivative is 0 at z == 0 instead of inf.'''
    return jnp.sqrt(z)


@_sqrt0.defjvp
def _sqrt0_jvp(primals, tangents):
    (z,), (t,) = primals, tangents
    y = jnp.sqrt(z)
    zero = z == 0
    return y, jnp.where(zero, 0.0, t / (2.0 * jnp.where(zero, 1.0, y)))


def safe_pairwise_distance(X, Y):
    '''Pairwise distances (N, M) whose gradient is 0 where two points coincide.'''
    diff = X[:, None, :] - Y[None, :, :]
    return _sqrt0(jnp.sum(diff ** 2, axis=-1))
