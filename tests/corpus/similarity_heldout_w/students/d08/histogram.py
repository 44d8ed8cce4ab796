# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Cuenta las primitivas del jaxpr y de sus sub-jaxprs."""
    cuenta = Counter()
    principal = jax.make_jaxpr(f)(*args).jaxpr
    for ecuacion in principal.eqns:
        cuenta[ecuacion.primitive.name] += 1
        # los sub-jaxprs de cond, jit, while...
        for sub in je.core.jaxprs_in_params(ecuacion.params):
            for interna in sub.eqns:
                cuenta[interna.primitive.name] += 1
    return cuenta


print(dict(primitive_histogram(target, jnp.ones(4), True)))
