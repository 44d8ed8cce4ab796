# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    tongji = Counter()  # 统计结果
    duilie = [jax.make_jaxpr(f)(*args).jaxpr]  # 待处理的 jaxpr 队列
    weizhi = 0
    while weizhi < len(duilie):
        dangqian = duilie[weizhi]
        weizhi += 1
        for fangcheng in dangqian.eqns:
            tongji[fangcheng.primitive.name] += 1
            for zi in je.core.jaxprs_in_params(fangcheng.params):
                duilie.append(zi)
    return tongji
