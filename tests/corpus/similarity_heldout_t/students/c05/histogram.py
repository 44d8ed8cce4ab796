# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # 先 trace 一次,拿到最外层 jaxpr
    cj = jax.make_jaxpr(f)(*args)
    # 原语名 -> 次数
    result = {}
    # 待扫描的 jaxpr,外层在最前
    queue = [cj.jaxpr]
    while queue:
        # 从队首取下一个
        jp = queue.pop(0)
        for e in jp.eqns:
            # 这个原语又出现一次
            result[e.primitive.name] = result.get(e.primitive.name, 0) + 1
            # 参数里的子 jaxpr 全部排队(cond 分支、循环体、jit、custom_jvp ……)
            queue.extend(je.core.jaxprs_in_params(e.params))
    return result
