def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Primitive name -> count over every nested jaxpr."""
    # count primitives recursively
    hist = Counter()

    def visit(jp):
        for eqn in jp.eqns:
            hist[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                visit(sub)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return hist
