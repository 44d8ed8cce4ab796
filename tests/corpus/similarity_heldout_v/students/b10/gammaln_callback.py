from typing import Callable, TypeAlias

HostFn: TypeAlias = Callable[[np.ndarray], np.ndarray]


def _via_host(fn: HostFn, x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda a: fn(a).astype(np.float32), spec, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _via_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    return _via_host(sps.gammaln, x), _via_host(sps.digamma, x) * dx
