# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from typing import Literal, overload

Order = Literal["depth", "breadth"]


@overload
def _next(todo: list, order: Literal["depth"]): ...
@overload
def _next(todo: list, order: Literal["breadth"]): ...
def _next(todo, order):
    return todo.pop() if order == "depth" else todo.pop(0)


def primitive_histogram(f, *args, order: Order = "depth"):
    counts = Counter()
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    while todo:
        jaxpr = _next(todo, order)
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            todo.extend(je.core.jaxprs_in_params(eqn.params))
    return counts
