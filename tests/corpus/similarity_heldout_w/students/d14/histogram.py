# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from typing import NamedTuple


class Item(NamedTuple):
    depth: int
    jaxpr: object


def primitive_histogram(f, *args):
    hist = Counter()
    todo = [Item(0, jax.make_jaxpr(f)(*args).jaxpr)]
    while todo:
        item = todo.pop(0)
        for eqn in item.jaxpr.eqns:
            hist[eqn.primitive.name] += 1
            todo += [Item(item.depth + 1, j) for j in je.core.jaxprs_in_params(eqn.params)]
    return hist


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
