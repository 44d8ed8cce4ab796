# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _children(eqn):
    # cond/while/scan/jit/custom_jvp/remat 的子 jaxpr 都在 params 里
    return je.core.jaxprs_in_params(eqn.params)


def _accumulate(jaxpr, hist):
    for eqn in jaxpr.eqns:
        hist[eqn.primitive.name] = hist.get(eqn.primitive.name, 0) + 1
        for child in _children(eqn):
            _accumulate(child, hist)


def primitive_histogram(f, *args):
    hist = dict()
    _accumulate(jax.make_jaxpr(f)(*args).jaxpr, hist)
    return hist


out = primitive_histogram(target, jnp.ones(4), True)
print(out.get("cond"), out.get("custom_jvp_call"), out.get("sin"))
