def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # 按层遍历:队列在遍历过程中变长
    closed_jaxpr = jax.make_jaxpr(f)(*args)
    pending = [closed_jaxpr.jaxpr]
    hist = Counter()
    for current in pending:
        for equation in current.eqns:
            hist[equation.primitive.name] += 1
            pending.extend(je.core.jaxprs_in_params(equation.params))
    return hist


print(dict(primitive_histogram(target, jnp.ones(4), True)))
