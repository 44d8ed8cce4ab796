# ✍️ 作答区:练习 4
import io


def safe_pairwise_distance(X, Y):
    n, m = X.shape[0], Y.shape[0]
    diff = jnp.broadcast_to(X[:, None, :], (n, m, X.shape[1])) - jnp.broadcast_to(Y[None, :, :], (n, m, Y.shape[1]))
    sq = jnp.sum(diff ** 2, axis=-1)
    zero = jnp.equal(sq, 0)
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))


def describe(D):
    out = io.StringIO()
    out.write(f"shape {D.shape}, zeros {int((D == 0).sum())}\n")
    return out.getvalue()


# print(describe(safe_pairwise_distance(jnp.ones((3, 2)), jnp.ones((4, 2)))))
