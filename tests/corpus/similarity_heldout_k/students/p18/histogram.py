def _count_into(jp, tbl):
    for e in jp.eqns:
        tbl[e.primitive.name] = tbl.get(e.primitive.name, 0) + 1
        [_count_into(n, tbl) for n in je.core.jaxprs_in_params(e.params)]
    return tbl


def primitive_histogram(f, *args):
    return _count_into(jax.make_jaxpr(f)(*args).jaxpr, {})
