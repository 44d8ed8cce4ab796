def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _names(jaxpr):
    for equation in jaxpr.eqns:
        yield equation.primitive.name
        for inner in je.core.jaxprs_in_params(equation.params):
            yield from _names(inner)


def primitive_histogram(f, *args):
    # 生成器把所有层的原语名摊平
    return Counter(_names(jax.make_jaxpr(f)(*args).jaxpr))


print(dict(primitive_histogram(target, jnp.ones(4), True)))
