# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    计数器 = Counter()
    # 递归进入参数里的子 jaxpr(可能是元组,也可能是 ClosedJaxpr)
    def 访问(jp):
        for eq in jp.eqns:
            计数器[eq.primitive.name] += 1
            for val in eq.params.values():
                for item in (val if isinstance(val, (tuple, list)) else (val,)):
                    if hasattr(item, "eqns"):
                        访问(item)
                    elif hasattr(item, "jaxpr") and hasattr(item.jaxpr, "eqns"):
                        访问(item.jaxpr)
    访问(jax.make_jaxpr(f)(*args).jaxpr)
    return 计数器
