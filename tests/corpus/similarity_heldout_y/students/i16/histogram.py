# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import copy


def primitive_histogram(f, *args):
    args = copy.deepcopy(args)  # tracing must not touch the caller's objects
    counts = Counter()

    def count(jaxpr):
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                count(sub)

    count(jax.make_jaxpr(f)(*args).jaxpr)
    return dict(copy.copy(counts))
