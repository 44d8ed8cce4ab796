# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Count primitives in the jaxpr of f, sub-jaxprs included."""
    counts = {}
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    while len(stack) > 0:
        jaxpr = stack.pop(0)
        i = 0
        while i < len(jaxpr.eqns):
            eqn = jaxpr.eqns[i]
            name = eqn.primitive.name
            counts[name] = counts.get(name, 0) + 1
            stack.extend(je.core.jaxprs_in_params(eqn.params))
            i += 1
    return counts
