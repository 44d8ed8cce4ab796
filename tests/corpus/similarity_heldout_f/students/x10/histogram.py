# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _collect_names(jaxpr) -> list[str]:
    """Names of all equations of `jaxpr` and, recursively, of the jaxprs in their params."""
    names: list[str] = []
    for eqn in jaxpr.eqns:
        names.append(eqn.primitive.name)
        for sub in je.core.jaxprs_in_params(eqn.params):
            names.extend(_collect_names(sub))
    return names


def primitive_histogram(f, *args) -> Counter:
    """Primitive name -> count over jax.make_jaxpr(f)(*args) and every sub-jaxpr."""
    # A sub-computation that appears twice is walked (and counted) twice.
    return Counter(_collect_names(jax.make_jaxpr(f)(*args).jaxpr))


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
