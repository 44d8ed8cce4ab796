class _RmsRules:
    @staticmethod
    def abstract(x, *, eps):
        return ShapedArray(x.shape, x.dtype)

    @staticmethod
    def batch(args, dims, *, eps):
        (x,), (bd,) = args, dims
        if bd == x.ndim - 1:
            x = jnp.swapaxes(x, bd, bd - 1)
            bd = bd - 1
        return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(_RmsRules.abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _RmsRules.batch
