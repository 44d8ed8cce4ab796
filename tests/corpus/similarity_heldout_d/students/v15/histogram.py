def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    hist = Counter()

    def visit(jaxpr):
        for eqn in jaxpr.eqns:
            hist[eqn.primitive.name] += 1
            for value in eqn.params.values():
                if isinstance(value, je.core.ClosedJaxpr):
                    visit(value.jaxpr)
                elif isinstance(value, je.core.Jaxpr):
                    visit(value)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return hist
