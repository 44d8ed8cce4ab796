# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import deque


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # Step 1: trace the function once
    top = jax.make_jaxpr(f)(*args).jaxpr
    # Step 2: breadth-first queue of jaxprs still to visit
    queue = deque([top])
    hist = Counter()
    # Step 3: count each equation, then queue the jaxprs inside its params
    while queue:
        current = queue.popleft()
        for eqn in current.eqns:
            hist[eqn.primitive.name] += 1
            queue.extend(je.core.jaxprs_in_params(eqn.params))
    # Step 4: done
    return hist


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
