def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def primitive_histogram(f, *args):
    c = defaultdict(int)

    def rec(jp, depth=0):
        for eqn in jp.eqns:
            c[eqn.primitive.name] += 1
            subs = je.core.jaxprs_in_params(eqn.params)
            for s in subs:
                rec(s, depth + 1)

    closed = jax.make_jaxpr(f)(*args)
    rec(closed.jaxpr)
    return dict(c)


print(dict(primitive_histogram(target, jnp.ones(4), True)))
