def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


# 用 dict 计数;子 jaxpr 用 jaxprs_in_params 取出后递归
def primitive_histogram(f, *args):
    result = {}

    def visit(jp):
        for eq in jp.eqns:
            name = eq.primitive.name
            result[name] = result.get(name, 0) + 1
            for inner in je.core.jaxprs_in_params(eq.params):
                visit(inner)

    visit(jax.make_jaxpr(f)(*args).jaxpr)
    return result
