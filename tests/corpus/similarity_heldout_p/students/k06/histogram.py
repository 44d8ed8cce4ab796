# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    counts = Counter()
    jaxprs = [jax.make_jaxpr(f)(*args).jaxpr]
    i = 0
    while i < len(jaxprs):
        eqns = jaxprs[i].eqns
        j = 0
        while j < len(eqns):
            eqn = eqns[j]
            counts[eqn.primitive.name] += 1
            subs = list(je.core.jaxprs_in_params(eqn.params))
            k = 0
            while k < len(subs):
                jaxprs.append(subs[k])
                k += 1
            j += 1
        i += 1
    return counts
