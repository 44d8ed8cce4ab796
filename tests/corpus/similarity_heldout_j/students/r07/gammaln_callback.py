# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。

# Step 1: host functions (NumPy in, NumPy float32 out)
def host_gammaln(a):
    return sps.gammaln(np.asarray(a, np.float64)).astype(np.float32)


def host_digamma(a):
    return sps.digamma(np.asarray(a, np.float64)).astype(np.float32)


# Step 2: the custom_jvp function
@jax.custom_jvp
def gammaln_cb(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(host_gammaln, spec, x, vmap_method="expand_dims")


# Step 3: its derivative psi(x) * x_dot
@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    psi = jax.pure_callback(host_digamma, spec, x, vmap_method="expand_dims")
    return gammaln_cb(x), psi * x_dot
