# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
def _make_rms_norm_primitive():
    prim = Primitive("rms_norm_prim")
    prim.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
    prim.def_impl(partial(xla.apply_primitive, prim))

    def batch(args, dims, *, eps):
        (x,), (bd,) = args, dims
        return prim.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0

    batching.primitive_batchers[prim] = batch
    return prim


rms_norm_prim_p = _make_rms_norm_primitive()
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
