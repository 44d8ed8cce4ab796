def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def primitive_histogram(f, *args):
    counter = defaultdict(int)

    def rec(jaxpr, depth=0):
        # depth only for debugging
        for equation in jaxpr.eqns:
            counter[equation.primitive.name] += 1
            subs = je.core.jaxprs_in_params(equation.params)
            for s in subs:
                rec(s, depth + 1)

    rec(jax.make_jaxpr(f)(*args).jaxpr)
    return dict(counter)


print(dict(primitive_histogram(target, jnp.ones(4), True)))
