# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import deque


def primitive_histogram(f, *args):
    # 先得到最外层的 jaxpr
    j0 = jax.make_jaxpr(f)(*args).jaxpr
    # 广度优先:队列里放还没数过的 jaxpr
    q = deque([j0])
    h = Counter()
    while q:
        cur = q.popleft()
        for e in cur.eqns:
            h[e.primitive.name] += 1
            q.extend(je.core.jaxprs_in_params(e.params))
    return h
