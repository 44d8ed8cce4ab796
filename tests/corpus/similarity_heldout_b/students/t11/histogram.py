def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # 递归统计所有层级的原语
    tally = Counter()

    def go(jx):
        for eq in jx.eqns:
            tally[eq.primitive.name] += 1
            for child in je.core.jaxprs_in_params(eq.params):
                go(child)

    go(jax.make_jaxpr(f)(*args).jaxpr)
    return tally


print(dict(primitive_histogram(target, jnp.ones(4), True)))
