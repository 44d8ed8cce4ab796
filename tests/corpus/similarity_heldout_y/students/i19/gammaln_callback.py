import scipy.special as sps


def _konakta(fonksiyon, x):
    # SciPy'yi host'ta çağır; sonuç float32 olmalı
    sekil = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda a: fonksiyon(a).astype(np.float32), sekil, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _konakta(sps.gammaln, x)


@gammaln_cb.defjvp
def _turev(primaller, tegetler):
    (x,), (dx,) = primaller, tegetler
    # log Γ'nın türevi digamma
    return gammaln_cb(x), _konakta(sps.digamma, x) * dx
