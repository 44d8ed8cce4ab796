def primitive_histogram(f, *args):
    c = {}
    # 用栈代替递归
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    while stack:
        jp = stack.pop()
        for eqn in jp.eqns:
            name = eqn.primitive.name
            c[name] = c.get(name, 0) + 1
            stack.extend(je.core.jaxprs_in_params(eqn.params))
    return c
