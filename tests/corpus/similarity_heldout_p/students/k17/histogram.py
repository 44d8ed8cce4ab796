# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    counts = Counter()
    jaxprs = [jax.make_jaxpr(f)(*args).jaxpr]
    i = 0
    while i < len(jaxprs):
        eqns = jaxprs[i].eqns
        counts.update([eqn.primitive.name for eqn in eqns])
        jaxprs.extend([sub for eqn in eqns for sub in je.core.jaxprs_in_params(eqn.params)])
        i += 1
    return counts
