# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    def eqns_of(jaxpr):
        out = list(jaxpr.eqns)
        for eqn in jaxpr.eqns:
            for sub in je.core.jaxprs_in_params(eqn.params):
                out.extend(eqns_of(sub))
        return out

    every = sorted(eqns_of(jax.make_jaxpr(f)(*args).jaxpr), key=lambda e: e.primitive.name)
    hist = {}
    for e in every:
        hist[e.primitive.name] = hist.get(e.primitive.name, 0) + 1
    # most frequent first, ties by name
    return dict(sorted(hist.items(), key=lambda kv: (-kv[1], kv[0])))


# print(primitive_histogram(target, jnp.ones(4), True))
