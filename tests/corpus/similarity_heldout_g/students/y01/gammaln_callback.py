# Exercise 2
import functools
import math

DEBUG_CALLBACKS = False
_EPS = 1e-7


def _lgamma_host(a):
    # 在主机上算 log Gamma
    if DEBUG_CALLBACKS:
        print("lgamma on", a.shape)
    return sps.gammaln(np.asarray(a)).astype(np.float32)


def _psi_host(a):
    # 在主机上算 digamma
    return sps.digamma(np.asarray(a)).astype(np.float32)


def _check_positive(a):
    return bool(np.all(np.asarray(a) > 0))


def _run(host_fn, x):
    # 声明结果的形状和 dtype,和输入一样
    result = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_fn, result, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _run(_lgamma_host, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    # 导数:psi(x) * dx
    return gammaln_cb(x), _run(_psi_host, x) * dx
