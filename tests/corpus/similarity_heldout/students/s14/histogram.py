# 练习 1 作答区
def _accumulate(jaxpr, hist):
    # 递归:子 jaxpr(cond 分支、while、scan、内层 jit……)都放在方程的参数里
    for eqn in jaxpr.eqns:
        hist[eqn.primitive.name] = hist.get(eqn.primitive.name, 0) + 1
        for child in je.core.jaxprs_in_params(eqn.params):
            _accumulate(child, hist)


def primitive_histogram(f, *args):
    hist = dict()
    _accumulate(jax.make_jaxpr(f)(*args).jaxpr, hist)
    return hist


def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


out = primitive_histogram(target, jnp.ones(4), True)
print(out.get("sin"), out.get("cond"), out.get("custom_jvp_call"))
