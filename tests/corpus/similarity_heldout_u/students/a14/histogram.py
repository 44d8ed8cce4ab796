# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    counts = Counter()
    seen = set()  # 已经数过的子 jaxpr 不再进入,免得重复计数
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    while stack:
        jaxpr = stack.pop()
        if id(jaxpr) in seen:
            continue
        seen.add(id(jaxpr))
        for i, eqn in enumerate(jaxpr.eqns):
            counts[eqn.primitive.name] += 1
            for j, sub in enumerate(je.core.jaxprs_in_params(eqn.params)):
                stack.append(sub)
    return counts
