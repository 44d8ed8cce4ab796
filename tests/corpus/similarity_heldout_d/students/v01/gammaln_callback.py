import math  # noqa: F401

import scipy.special as sps

USE_FLOAT64 = False


def _spec(x: jax.Array) -> jax.ShapeDtypeStruct:
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


def _scipy(fn, x: jax.Array) -> jax.Array:
    # the callback gets numpy arrays; cast back to the input dtype (scipy may return float64)
    return jax.pure_callback(lambda a: fn(a).astype(a.dtype), _spec(x), x, vmap_method='expand_dims')


def _check(x):
    if USE_FLOAT64:
        return x.astype(jnp.float64)
    return x


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _scipy(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals: tuple, tangents: tuple) -> tuple:
    (x,), (x_dot,) = primals, tangents
    if False:
        print('jvp at', x)
    return gammaln_cb(x), _scipy(sps.digamma, x) * x_dot
