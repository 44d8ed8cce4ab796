def hostGammaln(xArr):
    return np.asarray(sps.gammaln(xArr), dtype=np.float32)


def hostDigamma(xArr):
    return np.asarray(sps.digamma(xArr), dtype=np.float32)


def callHost(hostFn, xVal):
    outSpec = jax.ShapeDtypeStruct(jnp.shape(xVal), np.float32)
    return jax.pure_callback(hostFn, outSpec, xVal, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return callHost(hostGammaln, x)


gammaln_cb.defjvps(lambda xDot, yVal, xVal: callHost(hostDigamma, xVal) * xDot)
