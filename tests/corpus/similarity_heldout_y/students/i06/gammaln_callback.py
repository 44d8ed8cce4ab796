import sys

import scipy.special as sps


def _host_gammaln(a):
    sys.stderr.write(f"gammaln on host: shape={a.shape} dtype={a.dtype}\n")
    return sps.gammaln(a).astype(np.float32)


def _host_digamma(a):
    sys.stderr.write(f"digamma on host: shape={a.shape}\n")
    return sps.digamma(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_host_gammaln, jax.ShapeDtypeStruct(x.shape, np.float32), x,
                             vmap_method="sequential")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    psi = jax.pure_callback(_host_digamma, jax.ShapeDtypeStruct(x.shape, np.float32), x,
                            vmap_method="sequential")
    return gammaln_cb(x), psi * x_dot
