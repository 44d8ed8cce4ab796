# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
# Step 1: a host call by SciPy function name
def _scipy_call(name, x):
    host_fn = getattr(sps, name)
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda v: host_fn(v).astype(v.dtype), spec, x, vmap_method="broadcast_all")


# Step 2: the primal function
@jax.custom_jvp
def gammaln_cb(x):
    return _scipy_call("gammaln", x)


# Step 3: its JVP, psi(x) * x_dot
@gammaln_cb.defjvp
def _gammaln_jvp(primals, tangents):
    (x,) = primals
    (x_dot,) = tangents
    y = gammaln_cb(x)
    dy = _scipy_call("digamma", x) * x_dot
    return y, dy
