rms_norm_prim_p = Primitive("rms_norm_prim")


def _valutazione_astratta(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _impl(x, *, eps):
    # niente NumPy: si riusa la lowering compilando il solo primitivo
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _lotto(argomenti, dimensioni, *, eps):
    (x,), (bd,) = argomenti, dimensioni
    if bd == x.ndim - 1:
        # l'asse del lotto è l'ultimo: va in testa, così l'ultimo asse torna quello del campione
        return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p.def_abstract_eval(_valutazione_astratta)
rms_norm_prim_p.def_impl(_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _lotto
