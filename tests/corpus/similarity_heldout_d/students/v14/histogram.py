def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _count(jaxpr, out):
    out.update(eqn.primitive.name for eqn in jaxpr.eqns)
    [_count(sub, out) for eqn in jaxpr.eqns for sub in je.core.jaxprs_in_params(eqn.params)]
    return out


def primitive_histogram(f, *args):
    return _count(jax.make_jaxpr(f)(*args).jaxpr, Counter())
