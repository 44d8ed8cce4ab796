def _define_rms_norm_primitive():
    prim = Primitive("rms_norm_prim")

    def abstract(x, *, eps):
        return ShapedArray(x.shape, x.dtype)

    def impl(x, *, eps):
        return xla.apply_primitive(prim, x, eps=eps)

    def batch(args, dims, *, eps):
        (x,), (bd,) = args, dims
        if bd != x.ndim - 1:
            return prim.bind(x, eps=eps), bd
        return prim.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0

    prim.def_abstract_eval(abstract)
    prim.def_impl(impl)
    mlir.register_lowering(prim, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
    batching.primitive_batchers[prim] = batch
    return prim


rms_norm_prim_p = _define_rms_norm_primitive()
