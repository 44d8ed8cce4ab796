def primitive_histogram(f, *args):
    c = Counter()
    st = [jax.make_jaxpr(f)(*args).jaxpr]
    while st:
        j = st.pop()
        for e in j.eqns:
            c[e.primitive.name] += 1
            st += list(je.core.jaxprs_in_params(e.params))
    return c
