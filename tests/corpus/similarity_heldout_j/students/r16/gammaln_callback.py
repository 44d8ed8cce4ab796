def _host_gammaln(a):
    return sps.gammaln(a).astype('float32')


@jax.custom_jvp
def gammaln_cb(x):
    '''log-gamma through a host callback.'''
    return jax.pure_callback(_host_gammaln, jax.ShapeDtypeStruct(x.shape, 'float32'), x,
                             vmap_method='broadcast_all')


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    # digamma is available in jax.scipy already, no need for a second callback
    return gammaln_cb(x), jax.scipy.special.digamma(x) * t
