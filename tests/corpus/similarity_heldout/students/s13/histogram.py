def primitive_histogram(f, *args):
    def all_eqns(jx):
        # depth-first over the equations, nested jaxprs included
        for e in jx.eqns:
            yield e
            for sub in je.core.jaxprs_in_params(e.params):
                yield from all_eqns(sub)

    return Counter(e.primitive.name for e in all_eqns(jax.make_jaxpr(f)(*args).jaxpr))


def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


print(primitive_histogram(target, jnp.ones(4), True))  # cond 1 / custom_jvp_call 1 / sin 2
