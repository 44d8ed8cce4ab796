# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    cnt = Counter()
    todo = [jax.make_jaxpr(f)(*args).jaxpr]  # stack of jaxprs to visit
    while todo:
        jx = todo.pop()
        cnt.update(e.primitive.name for e in jx.eqns)  # count the eqns
        todo += [s for e in jx.eqns for s in je.core.jaxprs_in_params(e.params)]  # and look inside later
    return cnt
