# ✍️ 作答区:练习 1
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    hist = {}

    def visit(jaxpr):
        for eqn in jaxpr.eqns:
            name = eqn.primitive.name
            hist[name] = hist.get(name, 0) + 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                visit(sub)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return hist


print(primitive_histogram(target, jnp.ones(4), True))
# cond 1, custom_jvp_call 1, sin 2
