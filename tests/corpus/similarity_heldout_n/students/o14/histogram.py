# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    hist = Counter()
    pending = [jax.make_jaxpr(f)(*args).jaxpr]
    while pending and (jp := pending.pop()) is not None:
        for eqn in jp.eqns:
            hist[eqn.primitive.name] += 1
            if subs := je.core.jaxprs_in_params(eqn.params):
                pending.extend(subs)
    return hist
