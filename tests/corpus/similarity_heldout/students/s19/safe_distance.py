# exercise 4 (double where)
def safe_pairwise_distance(X, Y):
    delta = X[:, None, :] - Y[None, :, :]              # (N, M, d)
    r2 = jnp.square(delta).sum(axis=-1)                # (N, M)
    same = r2 == 0.0
    r2 = jnp.where(same, 1.0, r2)                      # keep sqrt away from 0
    return jnp.where(same, 0.0, jnp.sqrt(r2))          # exact zeros back
