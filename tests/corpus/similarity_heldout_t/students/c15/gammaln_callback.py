import operator


def _via_callback(ufunc, arr):
    # output declared like the input (float32)
    out_spec = jax.ShapeDtypeStruct(arr.shape, arr.dtype)
    to_f32 = operator.methodcaller("astype", np.float32)
    return jax.pure_callback(lambda v: to_f32(ufunc(v)), out_spec, arr, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _via_callback(sps.gammaln, x)


@gammaln_cb.defjvp
def _lgamma_jvp(primals, tangents):
    # derivative of log-gamma is digamma
    v, v_dot = primals[0], tangents[0]
    return gammaln_cb(v), operator.mul(_via_callback(sps.digamma, v), v_dot)
