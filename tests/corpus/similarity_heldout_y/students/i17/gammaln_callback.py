import reprlib

import scipy.special as sps


def _host_call(fn):
    def call(a):
        out = fn(a).astype(np.float32)
        print(fn.__name__, "->", reprlib.repr(out))
        return out
    return call


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_host_call(sps.gammaln), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="broadcast_all")


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    psi = jax.pure_callback(_host_call(sps.digamma), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                            vmap_method="broadcast_all")
    return gammaln_cb(x), psi * dx
