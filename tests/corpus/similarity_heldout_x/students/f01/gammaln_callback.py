from typing import Protocol


class HostFn(Protocol):
    def __call__(self, a: np.ndarray) -> np.ndarray: ...


def _on_host(fn: HostFn, x):
    spec = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(lambda a: fn(a).astype(np.float32), spec, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _on_host(sps.gammaln, x)


gammaln_cb.defjvps(lambda dx, ans, x: _on_host(sps.digamma, x) * dx)
