import warnings

_VERBOSE = False
_spec = lambda x: jax.ShapeDtypeStruct(x.shape, np.float32)


def _log(msg):
    if _VERBOSE:
        warnings.warn(msg)


@jax.custom_jvp
def gammaln_cb(x):
    _log("forward")
    return jax.pure_callback(lambda a: np.float32(sps.gammaln(a)) if np.ndim(a) == 0 else sps.gammaln(a).astype(np.float32),
                             _spec(x), x, vmap_method="sequential")


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    _unused_half = np.float32(0.5)
    psi = jax.pure_callback(lambda a: np.asarray(sps.digamma(a), np.float32), _spec(x), x, vmap_method="sequential")
    return gammaln_cb(x), psi * tangents[0]
