def primitive_histogram(f, *args):
    """统计 jaxpr 里每个原语出现的次数(包括所有子 jaxpr)。"""
    freq = {}
    # 不用递归:待处理的 jaxpr 放进一个列表,一个一个取出来
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    while todo:
        cur = todo.pop()
        for eqn in cur.eqns:
            p = eqn.primitive.name
            freq[p] = freq.get(p, 0) + 1
            todo.extend(je.core.jaxprs_in_params(eqn.params))
    return freq
