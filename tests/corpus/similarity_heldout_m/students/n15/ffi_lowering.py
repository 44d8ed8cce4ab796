# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _abstract(x, *, eps):
    # 输出与输入同形状同 dtype
    return ShapedArray(x.shape, x.dtype)


@rms_norm_prim_p.def_impl
def _impl(x, *, eps):
    # eager:直接用 ffi_call 调用 rms_norm
    return jax.ffi.ffi_call("rms_norm", jax.ShapeDtypeStruct(x.shape, x.dtype))(x, eps=eps)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    # batch 轴如果在最后一维,和前一维交换
    if bd == x.ndim - 1:
        x = jnp.swapaxes(x, bd, bd - 1)
        bd = bd - 1
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _batch
