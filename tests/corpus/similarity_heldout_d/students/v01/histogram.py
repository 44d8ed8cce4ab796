def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


# 递归:每个方程计数,再进入参数里的子 jaxpr
def primitive_histogram(f, *args):
    counts = Counter()

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                walk(sub)

    walk(jax.make_jaxpr(f)(*args).jaxpr)
    return counts
