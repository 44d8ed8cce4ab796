# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


# ---------------------------------------------------------------- walk ----
def _walk(jaxpr, hist):
    for eqn in jaxpr.eqns:
        subs = list(je.core.jaxprs_in_params(eqn.params))
        if subs:
            # a wrapper (cond / jit / while ...): count what is inside it
            for sub in subs:
                _walk(sub, hist)
            continue
        hist[eqn.primitive.name] += 1


# ---------------------------------------------------------------- api -----
def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    hist = Counter()
    _walk(jax.make_jaxpr(f)(*args).jaxpr, hist)
    return hist


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
