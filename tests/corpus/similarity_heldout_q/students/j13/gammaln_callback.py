# 1. host functions (SciPy, back to the input dtype)
def lgamma_host(a):
    return sps.gammaln(a).astype(a.dtype)


def digamma_host(a):
    return sps.digamma(a).astype(a.dtype)


# 2. one helper for both callbacks
def on_host(fn, x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(fn, spec, x,
                             vmap_method="expand_dims")


# 3. the function
@jax.custom_jvp
def gammaln_cb(x):
    return on_host(lgamma_host, x)


# 4. its JVP
@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (x,) = primals
    (t,) = tangents
    d = on_host(
        digamma_host, x)
    return gammaln_cb(x), d * t
