import scipy.special as sps


def _호스트(함수, x):
    # 호스트에서 SciPy 함수를 부르고 float32 로 돌려준다
    모양 = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(lambda a: np.asarray(함수(a), dtype=np.float32), 모양, x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _호스트(sps.gammaln, x)


@gammaln_cb.defjvp
def _감마_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    # d/dx log Γ(x) = ψ(x) (digamma)
    return gammaln_cb(x), _호스트(sps.digamma, x) * dx
