def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    def names(jp):
        for e in jp.eqns:
            yield e.primitive.name
            for sub in je.core.jaxprs_in_params(e.params):
                yield from names(sub)
    # recurse through every nested jaxpr
    return Counter(names(jax.make_jaxpr(f)(*args).jaxpr))


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
