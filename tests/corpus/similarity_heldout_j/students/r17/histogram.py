def primitive_histogram(f, *args):
    # manual DFS, no recursion
    out = Counter()
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    while len(todo) > 0:
        j = todo.pop(0)
        names = [e.primitive.name for e in j.eqns]
        out.update(names)
        for e in j.eqns:
            todo.extend(je.core.jaxprs_in_params(e.params))
    return out
