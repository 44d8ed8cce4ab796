# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def 统计一层(jaxpr_object):
    """统计一个 jaxpr 以及它所有子 jaxpr 里的原语。"""
    counter_of_this_level = Counter()
    for equation in jaxpr_object.eqns:
        counter_of_this_level[equation.primitive.name] += 1
        # 子 jaxpr:cond 的分支、while 的条件和循环体、内层 jit 等
        for nested_jaxpr in je.core.jaxprs_in_params(equation.params):
            counter_of_this_level.update(统计一层(nested_jaxpr))
    return counter_of_this_level


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    closed = jax.make_jaxpr(f)(*args)
    return 统计一层(closed.jaxpr)


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))

