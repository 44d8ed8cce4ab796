# Correct, written differently: the JVP rule makes ONE host call that returns log Γ and ψ together
# (a tuple of results), and the callbacks use vmap_method="broadcast_all".
import scipy.special


def _host_gammaln(a):
    return np.asarray(scipy.special.gammaln(a), dtype=np.float32)


def _host_both(a):
    return (np.asarray(scipy.special.gammaln(a), dtype=np.float32),
            np.asarray(scipy.special.digamma(a), dtype=np.float32))


@jax.custom_jvp
def gammaln_cb(x):
    x = jnp.asarray(x, jnp.float32)
    return jax.pure_callback(_host_gammaln, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="broadcast_all")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    value, psi = jax.pure_callback(_host_both, (spec, spec), x, vmap_method="broadcast_all")
    return value, psi * x_dot
