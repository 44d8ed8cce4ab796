# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    closed = jax.make_jaxpr(f)(*args)
    assert hasattr(closed, "jaxpr"), "make_jaxpr should give a ClosedJaxpr"
    counter = Counter()

    def count_in(jaxpr):
        assert hasattr(jaxpr, "eqns")
        for eqn in jaxpr.eqns:
            counter[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                count_in(sub)

    count_in(closed.jaxpr)
    return counter


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
