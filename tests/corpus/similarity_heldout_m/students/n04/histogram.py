# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Count primitive names over the jaxpr of f(*args), sub-jaxprs included."""
    def count(jaxpr):
        """Counter of this jaxpr plus all of its children."""
        total = Counter(eqn.primitive.name for eqn in jaxpr.eqns)
        for eqn in jaxpr.eqns:
            for child in je.core.jaxprs_in_params(eqn.params):
                total += count(child)
        return total
    return count(jax.make_jaxpr(f)(*args).jaxpr)


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
