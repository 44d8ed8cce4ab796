# 练习 1 作答
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def count_eqns(jaxpr, counter):
    """把 jaxpr 里的方程计入 counter,遇到子 jaxpr 就递归进去。"""
    for eqn in jaxpr.eqns:
        counter[eqn.primitive.name] += 1
        subs = je.core.jaxprs_in_params(eqn.params)
        for s in subs:
            count_eqns(s, counter)
    return counter


def primitive_histogram(f, *args):
    closed = jax.make_jaxpr(f)(*args)
    return count_eqns(closed.jaxpr, Counter())


h = primitive_histogram(target, jnp.ones(4), True)
print(h["cond"], h["custom_jvp_call"], h["sin"])  # 1 1 2
