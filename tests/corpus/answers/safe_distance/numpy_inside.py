# Mistake: computes with NumPy (float64) on the host: right numbers for concrete arrays, but it
# cannot be traced by jit, grad or vmap.
def safe_pairwise_distance(X, Y):
    X, Y = np.asarray(X, np.float64), np.asarray(Y, np.float64)
    return jnp.asarray(np.linalg.norm(X[:, None, :] - Y[None, :, :], axis=-1), dtype=jnp.float32)
