# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    counts = Counter()
    stack = [jax.make_jaxpr(f)(*args).jaxpr]  # NOTE: ClosedJaxpr -> .jaxpr
    while stack:
        jaxpr = stack.pop()  # order does not matter for counting
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1  # every equation, also cond/jit/while themselves
            for sub in je.core.jaxprs_in_params(eqn.params):  # branches, bodies, inner jit
                stack.append(sub)
    return counts  # TODO: dict(...) if a plain dict is needed


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
