# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    level = [jax.make_jaxpr(f)(*args).jaxpr]
    names = []
    while level:
        names += [eqn.primitive.name for jx in level for eqn in jx.eqns]
        level = [sub for jx in level for eqn in jx.eqns for sub in je.core.jaxprs_in_params(eqn.params)]
    return {name: names.count(name) for name in set(names)}
