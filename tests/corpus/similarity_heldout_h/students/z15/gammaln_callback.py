# gammaln_cb: custom_jvp, both values through pure_callback


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    result_shape = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda v: sps.gammaln(v).astype(np.float32), result_shape, x,
                             vmap_method='broadcast_all')


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (primal_input,), (input_tangent,) = primals, tangents
    result_shape = jax.ShapeDtypeStruct(primal_input.shape, jnp.float32)
    psi = jax.pure_callback(lambda v: sps.digamma(v).astype(np.float32), result_shape, primal_input,
                            vmap_method='broadcast_all')
    return gammaln_cb(primal_input), psi * input_tangent
