# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _count_eqns(eqns, acc):
    if not eqns:
        return acc
    head, rest = eqns[0], eqns[1:]
    acc[head.primitive.name] = acc.get(head.primitive.name, 0) + 1
    acc = _count_subs(list(je.core.jaxprs_in_params(head.params)), acc)
    return _count_eqns(rest, acc)


def _count_subs(subs, acc):
    if not subs:
        return acc
    return _count_subs(subs[1:], _count_eqns(list(subs[0].eqns), acc))


def primitive_histogram(f, *args):
    return _count_eqns(list(jax.make_jaxpr(f)(*args).jaxpr.eqns), {})
