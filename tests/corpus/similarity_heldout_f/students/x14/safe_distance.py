# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    d2 = jnp.sum(jnp.square(jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)), axis=2)
    z = lax.eq(d2, jnp.zeros_like(d2))
    r = lax.sqrt(lax.select(z, jnp.ones_like(d2), d2))
    return lax.select(z, jnp.zeros_like(d2), r)  # double where
