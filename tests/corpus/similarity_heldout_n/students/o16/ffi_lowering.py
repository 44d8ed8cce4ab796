# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
# abstract eval: 输出同形状同 dtype
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _rms_batch(vals, dims, *, eps):
    x, bd = vals[0], dims[0]
    # batch dim 在最后一维时才需要挪, 挪到倒数第二维
    if bd == x.ndim - 1:
        x = jnp.moveaxis(x, bd, -2)
        bd = x.ndim - 2
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
