DEBUG = False


def _wrap(ufunc):
    def on_host(arr):
        out = ufunc(arr).astype(arr.dtype)
        if DEBUG:
            print(f"{ufunc.__name__}: {arr.shape} -> {out.dtype}")
        return out
    return on_host


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_wrap(sps.gammaln), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


@gammaln_cb.defjvp
def _gammaln_rule(primals, tangents):
    v, = primals
    v_dot, = tangents
    psi = jax.pure_callback(_wrap(sps.digamma), jax.ShapeDtypeStruct(v.shape, v.dtype), v,
                            vmap_method="sequential")
    return gammaln_cb(v), psi * v_dot
