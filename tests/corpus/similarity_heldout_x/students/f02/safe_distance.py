# ✍️ 作答区:练习 4
from string import Template

_SHAPES = Template("distances: ($n, $m) from X $x and Y $y")


def safe_pairwise_distance(X, Y):
    sq = ((X[:, None, :] - Y[None, :, :]) ** 2).sum(-1)
    hit = sq == 0
    d = jnp.sqrt(jnp.where(hit, jnp.ones_like(sq), sq))
    return jnp.where(hit, jnp.zeros_like(d), d)


# print(_SHAPES.substitute(n=4, m=5, x=(4, 3), y=(5, 3)))
