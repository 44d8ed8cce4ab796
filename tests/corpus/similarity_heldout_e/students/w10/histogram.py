# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Primitive name -> count over the jaxpr of f and every jaxpr nested inside it."""

    def count(jaxpr):
        total = Counter(eqn.primitive.name for eqn in jaxpr.eqns)
        for eqn in jaxpr.eqns:
            for sub in je.core.jaxprs_in_params(eqn.params):
                total += count(sub)  # Counter addition merges the nested counts
        return total

    return count(jax.make_jaxpr(f)(*args).jaxpr)
