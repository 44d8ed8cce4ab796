def safe_pairwise_distance(X, Y):
    """Pairwise Euclidean distances with a zero gradient at coincident points."""
    pairwise_sq = jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), axis=-1)
    coincident = pairwise_sq == 0.0
    # sqrt'(0) is infinite; feeding 1.0 there keeps both branches of the final where finite
    filler = jnp.ones_like(pairwise_sq)
    root = jnp.sqrt(jnp.where(coincident, filler, pairwise_sq))
    return jnp.where(coincident, jnp.zeros_like(root), root)
