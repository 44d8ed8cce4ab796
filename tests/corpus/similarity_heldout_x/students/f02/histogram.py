# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    seen = []
    while stack:
        jaxpr, stack = stack[-1], stack[:-1]
        seen += [eqn.primitive.name for eqn in jaxpr.eqns[::-1]]
        stack += [sub for eqn in jaxpr.eqns[::-1] for sub in list(je.core.jaxprs_in_params(eqn.params))[::-1]]
    return Counter(seen)


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
