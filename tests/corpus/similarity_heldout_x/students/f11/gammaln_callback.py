from functools import singledispatch


@singledispatch
def _to_f32(out):
    return np.float32(out)


@_to_f32.register
def _(out: np.ndarray):
    return out.astype(np.float32)


def _host(fn, x):
    return jax.pure_callback(lambda a: _to_f32(fn(a)), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _host(sps.gammaln, x)


gammaln_cb.defjvps(lambda t, y, x: _host(sps.digamma, x) * t)
