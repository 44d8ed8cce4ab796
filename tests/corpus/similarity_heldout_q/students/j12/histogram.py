# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


SUBJAXPRS = je.core.jaxprs_in_params


def primitive_histogram(f, *args):
    HIST = Counter()
    STACK = [jax.make_jaxpr(f)(*args).jaxpr]
    while STACK:
        for eqn in STACK.pop(0).eqns:
            HIST[eqn.primitive.name] += 1
            STACK.extend(SUBJAXPRS(eqn.params))
    return HIST
