rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(lambda *a, **k: xla.apply_primitive(rms_norm_prim_p, *a, **k))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _b(a, d, *, eps):
    x, bd = a[0], d[0]
    if type(bd) is int and bd == x.ndim - 1:
        x, bd = jnp.moveaxis(x, bd, 0), 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _b
