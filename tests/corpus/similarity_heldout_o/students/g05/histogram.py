# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    cnt = Counter()
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    while len(stack) > 0:
        jx = stack.pop(0)
        cnt.update(eq.primitive.name for eq in jx.eqns)
        for eq in jx.eqns:
            stack += list(je.core.jaxprs_in_params(eq.params))
    return cnt
