# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    res = Counter()
    pending = [jax.make_jaxpr(f)(*args).jaxpr]  # jaxprs still to count
    while pending:
        cur = pending.pop()
        for eq in cur.eqns:
            res[eq.primitive.name] += 1
            pending.extend(je.core.jaxprs_in_params(eq.params))  # nested bodies (cond, jit, ...)
    return res
