# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


SUBJAXPR_PARAM_TYPES = (je.core.ClosedJaxpr, je.core.Jaxpr)


def _as_jaxpr(obj):
    return obj.jaxpr if isinstance(obj, je.core.ClosedJaxpr) else obj


def primitive_histogram(f, *args):
    hist = Counter()
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    while stack:
        for eqn in stack.pop().eqns:
            hist[eqn.primitive.name] += 1
            for value in eqn.params.values():
                items = value if isinstance(value, tuple) else (value,)
                stack.extend(_as_jaxpr(v) for v in items if isinstance(v, SUBJAXPR_PARAM_TYPES))
    return hist
