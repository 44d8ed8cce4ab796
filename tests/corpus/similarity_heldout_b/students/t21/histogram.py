def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _names(jx):
    for eqn in jx.eqns:
        yield eqn.primitive.name
        for inner in je.core.jaxprs_in_params(eqn.params):
            yield from _names(inner)


def primitive_histogram(f, *args):
    """每种原语出现的次数(含所有子 jaxpr)"""
    # 生成器把所有层的原语名摊平
    closed = jax.make_jaxpr(f)(*args)
    return Counter(_names(closed.jaxpr))
