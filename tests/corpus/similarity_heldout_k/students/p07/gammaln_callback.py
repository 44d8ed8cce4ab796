# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
# Step 1: the host-side functions (they receive NumPy arrays)
def host_gammaln(a):
    return sps.gammaln(a).astype(np.float32)


def host_digamma(a):
    return sps.digamma(a).astype(np.float32)


# Step 2: the forward pass through pure_callback
@jax.custom_jvp
def gammaln_cb(x):
    shape_dtype = jax.ShapeDtypeStruct(x.shape, np.float32)
    return jax.pure_callback(host_gammaln, shape_dtype, x, vmap_method="sequential")


# Step 3: the derivative, psi(x) * x_dot, also through pure_callback
@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    shape_dtype = jax.ShapeDtypeStruct(x.shape, np.float32)
    psi = jax.pure_callback(host_digamma, shape_dtype, x, vmap_method="sequential")
    return gammaln_cb(x), psi * x_dot
