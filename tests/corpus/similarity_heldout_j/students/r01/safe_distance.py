# ✍️ 作答区:练习 4
_sq = lambda X, Y: jnp.sum(jnp.square(X[:, jnp.newaxis] - Y[jnp.newaxis]), axis=-1)
safe_pairwise_distance = lambda X, Y: (lambda s: lax.select(lax.eq(s, jnp.zeros_like(s)), jnp.zeros_like(s), lax.sqrt(lax.select(lax.eq(s, jnp.zeros_like(s)), jnp.ones_like(s), s))))(_sq(X, Y))
