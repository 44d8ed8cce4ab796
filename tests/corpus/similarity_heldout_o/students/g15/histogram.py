# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # queue of jaxprs to look at, grows as we find nested ones
    found = [jax.make_jaxpr(f)(*args).jaxpr]
    tally = Counter()
    pos = 0
    while pos < len(found):
        eq_list = found[pos].eqns
        for j in range(len(eq_list)):
            tally[eq_list[j].primitive.name] = tally[eq_list[j].primitive.name] + 1
            nested = je.core.jaxprs_in_params(eq_list[j].params)
            for n in nested:
                found.append(n)
        pos = pos + 1
    return tally
