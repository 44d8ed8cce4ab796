def primitive_histogram(f, *args):
    c = Counter()
    st = [jax.make_jaxpr(f)(*args).jaxpr]
    while st:
        j = st.pop()
        c.update(e.primitive.name for e in j.eqns)
        st += [s for e in j.eqns for s in je.core.jaxprs_in_params(e.params)]
    return c
