# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # 1. trace f
    top = jax.make_jaxpr(f)(*args).jaxpr
    # 2. collect every jaxpr, the top one and all nested ones
    all_jaxprs = []

    def collect(j):
        all_jaxprs.append(j)
        for e in j.eqns:
            for s in je.core.jaxprs_in_params(e.params):
                collect(s)

    collect(top)
    # 3. count primitive names over all of them
    return Counter(e.primitive.name for j in all_jaxprs for e in j.eqns)
