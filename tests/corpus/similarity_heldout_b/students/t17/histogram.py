def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # walk every param that carries a jaxpr
    counter = Counter()

    def walk(jaxpr):
        for equation in jaxpr.eqns:
            counter[equation.primitive.name] += 1
            for value in equation.params.values():
                if hasattr(value, 'jaxpr'):
                    walk(value.jaxpr)

    walk(jax.make_jaxpr(f)(*args).jaxpr)
    return counter
