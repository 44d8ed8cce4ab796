# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    closed = jax.make_jaxpr(f)(*args)
    assert hasattr(closed, "jaxpr"), "make_jaxpr 应该返回 ClosedJaxpr"
    out = Counter()

    def go(jp):
        for e in jp.eqns:
            out[e.primitive.name] += 1
            subs = list(je.core.jaxprs_in_params(e.params))
            assert all(hasattr(s, "eqns") for s in subs)
            for s in subs:
                go(s)

    go(closed.jaxpr)
    return out
