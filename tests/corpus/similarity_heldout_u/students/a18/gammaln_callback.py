from types import SimpleNamespace

_cfg = SimpleNamespace(dtype=np.float32, vmap_method="expand_dims")


def _host_fn(fn):
    return lambda a: np.asarray(fn(a)).astype(_cfg.dtype)


def _pcb(fn, x):
    return jax.pure_callback(_host_fn(fn), jax.ShapeDtypeStruct(x.shape, _cfg.dtype), x,
                             vmap_method=_cfg.vmap_method)


@jax.custom_jvp
def gammaln_cb(x):
    return _pcb(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    return gammaln_cb(primals[0]), _pcb(sps.digamma, primals[0]) * tangents[0]
