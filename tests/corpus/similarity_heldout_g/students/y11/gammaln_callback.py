# Exercise 2: gammaln via pure_callback, derivative via another pure_callback.


def _gammaln_impl(x):
    '''log Gamma(x) on the host through scipy.special.gammaln.'''
    spec = jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x))
    return jax.pure_callback(lambda a: np.asarray(sps.gammaln(a), a.dtype), spec, x, vmap_method='expand_dims')


def _digamma(x):
    '''psi(x) on the host through scipy.special.digamma.'''
    spec = jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x))
    return jax.pure_callback(lambda a: np.asarray(sps.digamma(a), a.dtype), spec, x, vmap_method='expand_dims')


def _gammaln_jvp(primals, tangents):
    (x,), (xt,) = primals, tangents
    return _gammaln_impl(x), _digamma(x) * xt


gammaln_cb = jax.custom_jvp(_gammaln_impl)
gammaln_cb.defjvp(_gammaln_jvp)
