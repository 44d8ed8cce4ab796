# gammaln_cb: forward and derivative both through jax.pure_callback into SciPy.


@jax.custom_jvp
def gammaln_cb(x):
    # 1. declare the result: same shape, float32
    out_spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    # 2. call SciPy on the host; the ufunc handles any batch shape, so expand_dims is fine
    return jax.pure_callback(lambda v: sps.gammaln(v).astype(np.float32), out_spec, x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    # 3. the primal output through the function itself
    y = gammaln_cb(x)
    # 4. the derivative is digamma, also on the host
    psi = jax.pure_callback(lambda v: sps.digamma(v).astype(np.float32),
                            jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="expand_dims")
    return y, psi * x_dot
