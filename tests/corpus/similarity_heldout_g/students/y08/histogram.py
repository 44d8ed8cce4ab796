# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    hist = {}
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    # walk all levels
    while len(stack) > 0:
        cur = stack.pop()
        for eqn in cur.eqns:
            name = eqn.primitive.name
            if name in hist:
                hist[name] = hist[name] + 1
            else:
                hist[name] = 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                stack.append(sub)
    return hist


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))
