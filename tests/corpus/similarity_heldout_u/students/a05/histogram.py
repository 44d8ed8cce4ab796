# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import deque


def primitive_histogram(f, *args):
    pending = deque([jax.make_jaxpr(f)(*args).jaxpr])
    hist = Counter()
    while pending:
        jx = pending.popleft()
        for eqn in jx.eqns:
            hist[eqn.primitive.name] += 1
            pending.extend(je.core.jaxprs_in_params(eqn.params))
    return hist
