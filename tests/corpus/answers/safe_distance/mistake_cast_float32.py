# Mistake: casts the points to float32 first ("the exercise is float32"). Right on every float32
# input; wrong on `dtype.float64`: under x64, v1 returns float64 distances of float64 points, and
# this returns float32 ones, seven digits short.
def safe_pairwise_distance(X, Y):
    X = jnp.asarray(X, dtype=jnp.float32)
    Y = jnp.asarray(Y, dtype=jnp.float32)
    sq = jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), axis=-1)
    positive = sq > 0
    return jnp.where(positive, jnp.sqrt(jnp.where(positive, sq, 1.0)), 0.0)
