# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def all_names(jaxpr):
    # every primitive name in this jaxpr, then the names inside each sub-jaxpr
    return [e.primitive.name for e in jaxpr.eqns] + [
        name
        for e in jaxpr.eqns
        for sub in je.core.jaxprs_in_params(e.params)
        for name in all_names(sub)
    ]


def primitive_histogram(f, *args):
    # Counter turns the flat list into name -> count
    return Counter(all_names(jax.make_jaxpr(f)(*args).jaxpr))


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))

