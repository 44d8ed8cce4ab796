# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _host(name, x):
    def call(a):
        match name:
            case "gammaln":
                r = sps.gammaln(a)
            case "digamma":
                r = sps.digamma(a)
            case _:
                raise ValueError(name)
        return np.asarray(r, dtype=np.float32)

    return jax.pure_callback(call, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _host("gammaln", x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    match primals, tangents:
        case (x,), (t,):
            return gammaln_cb(x), _host("digamma", x) * t
