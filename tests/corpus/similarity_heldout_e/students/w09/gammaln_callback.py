def _on_host(name, x):
    # 在主机上逐元素算 scipy.special.<name>
    fn = getattr(sps, name)

    def run(a):
        return np.asarray(fn(a), dtype=a.dtype)

    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(run, spec, x, vmap_method='broadcast_all')


@jax.custom_jvp
def gammaln_cb(x):
    return _on_host('gammaln', x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _on_host('gammaln', x)
    dy = _on_host('digamma', x) * t  # 导数是 digamma
    return y, dy
