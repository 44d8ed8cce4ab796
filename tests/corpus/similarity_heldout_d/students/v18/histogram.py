def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    def count(jaxpr):
        res = Counter()
        for eqn in jaxpr.eqns:
            res[eqn.primitive.name] += 1
            res.update(sum((count(s) for s in je.core.jaxprs_in_params(eqn.params)), Counter()))
        return res
    return count(jax.make_jaxpr(f)(*args).jaxpr)
