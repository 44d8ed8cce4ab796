import functools


@functools.singledispatch
def _f32(v):
    return np.float32(v)


@_f32.register
def _(v: np.ndarray):
    return v.astype(np.float32)


def _cb(fn, x):
    return jax.pure_callback(lambda a: _f32(fn(a)), jax.ShapeDtypeStruct(x.shape, np.float32), x,
                             vmap_method="expand_dims")


gammaln_cb = jax.custom_jvp(lambda x: _cb(sps.gammaln, x))
gammaln_cb.defjvp(lambda primals, tangents: (gammaln_cb(primals[0]), _cb(sps.digamma, primals[0]) * tangents[0]))
