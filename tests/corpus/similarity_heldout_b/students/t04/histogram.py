def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _hist(j):
    # 返回这一层和所有子层的计数
    acc = Counter()
    for eqn in j.eqns:
        acc[eqn.primitive.name] += 1
        for sub in je.core.jaxprs_in_params(eqn.params):
            acc.update(_hist(sub))
    return acc


def primitive_histogram(f, *args):
    """每种原语出现的次数(含所有子 jaxpr)"""
    closed = jax.make_jaxpr(f)(*args)
    return _hist(closed.jaxpr)
