# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda 甲, *, eps: ShapedArray(甲.shape, 甲.dtype))
rms_norm_prim_p.def_impl(lambda 甲, *, eps: jax.jit(lambda 乙: rms_norm_prim_p.bind(乙, eps=eps))(甲))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = lambda 参, 维, *, eps: (
    rms_norm_prim_p.bind(jnp.moveaxis(参[0], 维[0], 0), eps=eps), 0)
