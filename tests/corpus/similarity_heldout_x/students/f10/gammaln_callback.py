from typing import Protocol


class HostFn(Protocol):
    def __call__(self, a: np.ndarray) -> np.ndarray: ...


def _on_host(fn: HostFn, x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: np.asarray(fn(a), dtype=a.dtype), spec, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _on_host(sps.gammaln, x)


gammaln_cb.defjvp(lambda primals, tangents: (gammaln_cb(primals[0]),
                                             _on_host(sps.digamma, primals[0]) * tangents[0]))
