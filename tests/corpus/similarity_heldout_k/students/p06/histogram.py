def primitive_histogram(f, *args):
    # depth-first, explicit stack
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    out = {}
    while len(todo) > 0:
        jp = todo.pop()
        for eq in jp.eqns:
            out[eq.primitive.name] = out.get(eq.primitive.name, 0) + 1
            todo.extend(je.core.jaxprs_in_params(eq.params))
    return out
