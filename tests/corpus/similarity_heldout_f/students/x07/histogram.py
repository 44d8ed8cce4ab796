# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    '''原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。'''
    cnt = Counter()

    def rec(jx):
        # 先数本层的每个方程
        for eqn in jx.eqns:
            cnt[eqn.primitive.name] += 1
        # 再进入每个方程参数里的子 jaxpr(cond 分支、while、内层 jit ……)
        for eqn in jx.eqns:
            for sub in je.core.jaxprs_in_params(eqn.params):
                rec(sub)

    rec(jax.make_jaxpr(f)(*args).jaxpr)
    return cnt


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
