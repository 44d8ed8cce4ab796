# Exercise 2: scipy.special.gammaln through jax.pure_callback, differentiated with jax.custom_jvp.
def gammaln_on_host(host_array: np.ndarray) -> np.ndarray:
    return sps.gammaln(host_array).astype(np.float32)


def digamma_on_host(host_array: np.ndarray) -> np.ndarray:
    return sps.digamma(host_array).astype(np.float32)


def call_on_host(host_function, device_array: jax.Array) -> jax.Array:
    output_specification = jax.ShapeDtypeStruct(device_array.shape, jnp.float32)
    return jax.pure_callback(host_function, output_specification, device_array, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return call_on_host(gammaln_on_host, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals: tuple[jax.Array], tangents: tuple[jax.Array]) -> tuple[jax.Array, jax.Array]:
    (primal_input,), (tangent_input,) = primals, tangents
    primal_output = gammaln_cb(primal_input)
    tangent_output = call_on_host(digamma_on_host, primal_input) * tangent_input
    return primal_output, tangent_output
