# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _collect(jaxpr, out):
    for eqn in jaxpr.eqns:
        out.append(eqn.primitive.name)
        for sub in je.core.jaxprs_in_params(getattr(eqn, "params")):
            _collect(sub, out)
    return out


def primitive_histogram(f, *args):
    names = _collect(jax.make_jaxpr(f)(*args).jaxpr, [])
    hist = {}
    for n in names:
        hist[n] = hist.get(n, 0) + 1
    return hist


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
