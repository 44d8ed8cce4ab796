def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # count primitives recursively
    counter = Counter()

    def visit(jaxpr):
        for equation in jaxpr.eqns:
            counter[equation.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(equation.params):
                visit(sub)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return counter


print(dict(primitive_histogram(target, jnp.ones(4), True)))
