import scipy.special as sps


def _on_host(fn):
    def run(x):
        return jax.pure_callback(lambda a: fn(a).astype(a.dtype),
                                 jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")
    return run


_digamma = _on_host(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _on_host(sps.gammaln)(x)


# chain rule with the derivative digamma(x)
gammaln_cb.defjvps(lambda t, ans, x: _digamma(x) * t)
