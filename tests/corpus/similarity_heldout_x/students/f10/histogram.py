# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from typing import Protocol


class HasEqns(Protocol):
    """Anything with equations: a Jaxpr (the outer one or any sub-jaxpr)."""

    eqns: list


def _count_into(jaxpr: HasEqns, counts: Counter) -> None:
    for eqn in jaxpr.eqns:
        counts[eqn.primitive.name] += 1
        for inner in je.core.jaxprs_in_params(eqn.params):
            _count_into(inner, counts)


def primitive_histogram(f, *args) -> Counter:
    counts: Counter = Counter()
    _count_into(jax.make_jaxpr(f)(*args).jaxpr, counts)
    return counts


# print(primitive_histogram(target, jnp.ones(4), True))
