from scipy import special


def gl(a):
    return special.gammaln(a).astype(a.dtype)


def dg(a):
    return special.digamma(a).astype(a.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(gl, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method='expand_dims')


@gammaln_cb.defjvp
def _(p, t):
    x, = p
    dx, = t
    d = jax.pure_callback(dg, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method='expand_dims')
    return gammaln_cb(x), d * dx
