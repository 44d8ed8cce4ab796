# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import deque


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    closed = jax.make_jaxpr(f)(*args)
    result = {}
    queue = deque([closed.jaxpr])  # 广度优先
    while queue:
        cur = queue.popleft()
        for eqn in cur.eqns:
            name = eqn.primitive.name
            result[name] = result.get(name, 0) + 1
            queue.extend(je.core.jaxprs_in_params(eqn.params))
    return result


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))
