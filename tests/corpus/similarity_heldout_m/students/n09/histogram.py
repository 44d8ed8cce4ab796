def primitive_histogram(f, *args):
    result = Counter()
    todo = [jax.make_jaxpr(f)(*args)]
    i = 0
    while i < len(todo):
        j = todo[i]
        i += 1
        if hasattr(j, "jaxpr"):
            j = j.jaxpr
        for eqn in j.eqns:
            result[eqn.primitive.name] = result[eqn.primitive.name] + 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                todo.append(sub)
    return result
