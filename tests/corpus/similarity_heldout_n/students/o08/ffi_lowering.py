# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


class _RmsNormRules:
    @staticmethod
    def abstract_eval(x, *, eps):
        return ShapedArray(x.shape, x.dtype)

    @staticmethod
    def batch(args, dims, *, eps):
        # rows are independent, the kernel only looks at the last axis
        return rms_norm_prim_p.bind(args[0], eps=eps), dims[0]


rms_norm_prim_p.def_abstract_eval(_RmsNormRules.abstract_eval)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = _RmsNormRules.batch
