# gammaln_cb through pure_callback with a custom JVP.


def _scipy(fn, x):
    '''Evaluate the SciPy ufunc fn on the host, element-wise, as float32.'''
    return jax.pure_callback(
        lambda a: fn(a).astype(np.float32),
        jax.ShapeDtypeStruct(x.shape, np.float32),
        x,
        vmap_method='broadcast_all',
    )


@jax.custom_jvp
def gammaln_cb(x):
    '''log Gamma(x) for positive float32 x.'''
    return _scipy(sps.gammaln, x)


gammaln_cb.defjvps(lambda t, y, x: _scipy(sps.digamma, x) * t)
