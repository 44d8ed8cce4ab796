# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _impl(x, *, eps):
    # eager: reuse the lowering
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _batch(args, dims, *, eps):
    x = args[0]
    bd = dims[0]
    # only the last axis is a problem
    if bd == x.ndim - 1:
        x = jnp.moveaxis(x, -1, 0)
        bd = 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p.def_abstract_eval(_abstract_eval)
rms_norm_prim_p.def_impl(_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
