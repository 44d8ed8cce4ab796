# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    from collections import deque

    # breadth-first over the jaxpr and everything nested in it
    totals = Counter()
    pending = deque([jax.make_jaxpr(f)(*args).jaxpr])
    while pending:
        current = pending.popleft()
        for eq in current.eqns:
            totals[eq.primitive.name] += 1
            pending.extend(je.core.jaxprs_in_params(eq.params))  # cond branches, pjit bodies, ...
    return totals
