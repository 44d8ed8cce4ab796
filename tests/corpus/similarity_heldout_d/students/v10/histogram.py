def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


# 先把所有 jaxpr(包括嵌套的)收集到一个列表里,最后统一计数
def all_jaxprs(jaxpr):
    out = [jaxpr]
    for eqn in jaxpr.eqns:
        for sub in je.core.jaxprs_in_params(eqn.params):
            out += all_jaxprs(sub)
    return out


def primitive_histogram(f, *args):
    top = jax.make_jaxpr(f)(*args).jaxpr
    return Counter(eqn.primitive.name for j in all_jaxprs(top) for eqn in j.eqns)
