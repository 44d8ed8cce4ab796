def hostGammaln(xArr):
    return sps.gammaln(xArr).astype(np.float32)


def hostDigamma(xArr):
    return sps.digamma(xArr).astype(np.float32)


def callHost(hostFn, xVal):
    outSpec = jax.ShapeDtypeStruct(xVal.shape, jnp.float32)
    return jax.pure_callback(hostFn, outSpec, xVal, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return callHost(hostGammaln, x)


@gammaln_cb.defjvp
def gammalnJvp(primals, tangents):
    xVal, = primals
    xDot, = tangents
    yVal = gammaln_cb(xVal)
    return yVal, callHost(hostDigamma, xVal) * xDot
