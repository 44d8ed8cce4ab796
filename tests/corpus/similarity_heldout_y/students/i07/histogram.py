# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from pathlib import PurePosixPath


def primitive_histogram(f, *args):
    counts = Counter()
    todo = [(PurePosixPath("/"), jax.make_jaxpr(f)(*args).jaxpr)]
    while todo:
        where, jaxpr = todo.pop()
        for k, eqn in enumerate(jaxpr.eqns):
            name = eqn.primitive.name
            counts[PurePosixPath(name).name] += 1
            for j, sub in enumerate(je.core.jaxprs_in_params(eqn.params)):
                todo.append((where / f"{k}-{name}" / str(j), sub))
    return counts
