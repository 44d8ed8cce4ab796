# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    return Histogram.from_function(f, *args).counts


class Histogram:
    """Primitive counts of a jaxpr, built through alternative constructors."""

    @classmethod
    def from_function(cls, f, *args):
        return cls.from_jaxpr(jax.make_jaxpr(f)(*args).jaxpr)

    @classmethod
    def from_jaxpr(cls, jaxpr):
        counts = Counter()
        for eqn in jaxpr.eqns:
            for sub in je.core.jaxprs_in_params(eqn.params):
                counts.update(cls.from_jaxpr(sub).counts)
            counts[eqn.primitive.name] += 1
        return cls(counts)

    def __init__(self, counts):
        self.counts = counts


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
