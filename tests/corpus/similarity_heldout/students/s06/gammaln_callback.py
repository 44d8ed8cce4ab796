import functools  # noqa: F401

_DEBUG = False


def elementwise_on_host(fn, a):
    # 逐元素调用 SciPy
    a = np.asarray(a)
    out = np.empty(a.shape, dtype=np.float32)
    for idx in np.ndindex(a.shape):
        out[idx] = fn(float(a[idx]))
    if _DEBUG:
        print("host call", a.shape)
    return out


@jax.custom_jvp
def gammaln_cb(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda a: elementwise_on_host(sps.gammaln, a), result_shape, x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    result_shape = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    psi = jax.pure_callback(lambda a: elementwise_on_host(sps.digamma, a), result_shape, x,
                            vmap_method="expand_dims")
    return gammaln_cb(x), psi * x_dot
