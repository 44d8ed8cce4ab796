# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # Step 1: trace f once
    closed = jax.make_jaxpr(f)(*args)
    # Step 2: breadth-first over a work list, using an index instead of popping
    work = [closed.jaxpr]
    hist = Counter()
    i = 0
    while i < len(work):
        for eqn in work[i].eqns:
            # Step 3: count this equation
            hist[eqn.primitive.name] += 1
            # Step 4: queue the sub-jaxprs it holds (cond branches, loop bodies, jit, ...)
            work.extend(je.core.jaxprs_in_params(eqn.params))
        i += 1
    # Step 5: done
    return hist
