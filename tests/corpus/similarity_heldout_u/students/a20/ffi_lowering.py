class RmsNormRules:
    @staticmethod
    def abstract_eval(x, *, eps):
        return ShapedArray(x.shape, x.dtype)

    @staticmethod
    def batch(args, dims, *, eps):
        x = jnp.moveaxis(args[0], dims[0], 0)
        return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(RmsNormRules.abstract_eval)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = RmsNormRules.batch
