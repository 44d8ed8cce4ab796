def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


# 统计原语出现次数(包括 cond 分支、while 体、内层 jit 等子 jaxpr)
def primitive_histogram(f, *args):
    def hist_of(jaxpr):
        c = Counter(eqn.primitive.name for eqn in jaxpr.eqns)
        for eqn in jaxpr.eqns:
            for sub in je.core.jaxprs_in_params(eqn.params):
                c += hist_of(sub)
        return c

    return hist_of(jax.make_jaxpr(f)(*args).jaxpr)
