# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    cnt = Counter()
    todo = [jax.make_jaxpr(f)(*args).jaxpr]  # work list of jaxprs
    while todo:
        jp = todo.pop()
        for e in jp.eqns:
            cnt[e.primitive.name] += 1
            todo.extend(je.core.jaxprs_in_params(e.params))  # cond branches, pjit bodies...
    return cnt
