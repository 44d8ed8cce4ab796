# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # 统计结果
    tongji = Counter()
    daichuli = [jax.make_jaxpr(f)(*args).jaxpr]
    weizhi = 0
    while weizhi < len(daichuli):
        for fangcheng in daichuli[weizhi].eqns:
            tongji[fangcheng.primitive.name] += 1
            # 子 jaxpr 加到待处理列表
            daichuli += list(je.core.jaxprs_in_params(fangcheng.params))
        weizhi += 1
    return tongji
