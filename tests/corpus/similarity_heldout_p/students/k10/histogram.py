# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _count(jaxpr, hist):
    if not jaxpr.eqns:
        return hist
    for eqn in jaxpr.eqns:
        hist[eqn.primitive.name] += 1
        subs = je.core.jaxprs_in_params(eqn.params)
        if not subs:
            continue
        for sub in subs:
            _count(sub, hist)
    return hist


def primitive_histogram(f, *args):
    if f is None:
        raise ValueError("f is required")
    return _count(jax.make_jaxpr(f)(*args).jaxpr, Counter())
