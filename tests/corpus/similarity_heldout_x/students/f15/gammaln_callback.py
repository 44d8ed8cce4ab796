def _no_hospedeiro(funcao, x):
    """Chama a função do SciPy fora do JAX; devolve float32 com a forma de x."""
    especificacao = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda a: funcao(a).astype(np.float32), especificacao, x, vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _no_hospedeiro(sps.gammaln, x)


@gammaln_cb.defjvp
def _regra_jvp(primais, tangentes):
    (x,), (dx,) = primais, tangentes
    # a derivada de log Γ é a digama ψ
    return gammaln_cb(x), _no_hospedeiro(sps.digamma, x) * dx
