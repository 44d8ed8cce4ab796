# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _count(jaxpr) -> Counter:
    tally = Counter()
    for eqn in jaxpr.eqns:
        tally[eqn.primitive.name] += 1
        for sub in je.core.jaxprs_in_params(eqn.params):
            match sub:
                case je.core.ClosedJaxpr():
                    tally += _count(sub.jaxpr)
                case _:
                    tally += _count(sub)
    return tally


def primitive_histogram(f, *args):
    return _count(jax.make_jaxpr(f)(*args).jaxpr)
