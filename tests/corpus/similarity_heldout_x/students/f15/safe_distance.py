# ✍️ 作答区:练习 4
from string import Template

_SHAPES = Template("distances: ($n, $m) from X $x and Y $y")


def safe_pairwise_distance(X, Y):
    sq = jnp.sum(jnp.square(jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)), axis=2)
    hit = jnp.equal(sq, 0)
    d = jnp.sqrt(lax.select(hit, jnp.full_like(sq, 1), sq))
    return lax.select(hit, jnp.full_like(d, 0), d)


# print(_SHAPES.substitute(n=4, m=5, x=(4, 3), y=(5, 3)))
