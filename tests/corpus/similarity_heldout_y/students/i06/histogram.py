# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import pprint


def primitive_histogram(f, *args):
    counts = Counter()
    pending = [jax.make_jaxpr(f)(*args).jaxpr]
    while pending:
        jaxpr = pending.pop()
        counts.update([eqn.primitive.name for eqn in jaxpr.eqns])
        pending.extend([sub for eqn in jaxpr.eqns for sub in je.core.jaxprs_in_params(eqn.params)])
    return counts


pprint.pprint(dict(primitive_histogram(target, jnp.ones(4), True)), width=40)
