def primitive_histogram(f, *args):
    out = {}
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    while len(todo) > 0:
        jp = todo.pop(0)
        for eq in jp.eqns:
            name = eq.primitive.name
            if name in out:
                out[name] = out[name] + 1
            else:
                out[name] = 1
            for s in je.core.jaxprs_in_params(eq.params):
                todo.append(s)
    return out
