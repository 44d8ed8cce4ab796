# Correct, written differently: defjvps with a derivative callback, vmap_method="sequential"
# (one host call per example under vmap: slower, still right).
from scipy import special


def host_call(fn):
    def call(x):
        return jax.pure_callback(lambda a: fn(a.astype(np.float64)).astype(np.float32),
                                 jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32), x,
                                 vmap_method="sequential")
    return call


digamma_cb = host_call(special.digamma)
gammaln_cb = jax.custom_jvp(host_call(special.gammaln))
gammaln_cb.defjvps(lambda x_dot, ans, x: digamma_cb(x) * x_dot)
