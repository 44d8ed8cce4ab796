# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _abstract(x, *, eps):
    # same shape and dtype out
    return ShapedArray(x.shape, x.dtype)


@rms_norm_prim_p.def_impl
def _impl(x, *, eps):
    # eager: apply_primitive compiles through the lowering
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    # batch axis last -> swap with the one before
    if bd == x.ndim - 1:
        x = lax.transpose(x, tuple(range(bd - 1)) + (bd, bd - 1))
        bd = bd - 1
    return rms_norm_prim_p.bind(x, eps=eps), bd


from jax import lax
batching.primitive_batchers[rms_norm_prim_p] = _batch
