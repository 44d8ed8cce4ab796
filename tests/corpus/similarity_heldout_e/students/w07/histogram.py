# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> dict[str, int]:
    out: dict[str, int] = {}
    stack: list = [jax.make_jaxpr(f)(*args).jaxpr]
    while len(stack) > 0:
        j = stack.pop(0)
        for eq in j.eqns:
            out[eq.primitive.name] = out.get(eq.primitive.name, 0) + 1
            for sub in je.core.jaxprs_in_params(eq.params):
                stack.append(sub)
    return out
