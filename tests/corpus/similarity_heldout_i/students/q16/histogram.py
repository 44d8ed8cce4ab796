# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    out = Counter()
    todo = [jax.make_jaxpr(f)(*args)]
    while todo:
        j = todo.pop()
        j = getattr(j, 'jaxpr', j)
        for e in j.eqns:
            out[e.primitive.name] += 1
            for v in e.params.values():
                if isinstance(v, (je.core.ClosedJaxpr, je.core.Jaxpr)):
                    todo.append(v)
                elif isinstance(v, (tuple, list)):
                    todo.extend(w for w in v if isinstance(w, (je.core.ClosedJaxpr, je.core.Jaxpr)))
    return out
