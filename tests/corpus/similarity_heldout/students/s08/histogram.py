# 练习 1:jaxpr 侦探
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # 不用递归,用一个栈保存还没处理的 jaxpr
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    hist = Counter()
    while len(stack) > 0:
        jaxpr = stack.pop()
        for eqn in jaxpr.eqns:
            hist[eqn.primitive.name] += 1
            stack += list(je.core.jaxprs_in_params(eqn.params))
    return hist


print(primitive_histogram(target, jnp.ones(4), True))
