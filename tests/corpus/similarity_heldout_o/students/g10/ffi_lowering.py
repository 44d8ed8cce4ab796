# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _rms_impl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _rms_batcher(vals, dims, *, eps):
    (x,), (bd,) = vals, dims
    x = jnp.swapaxes(x, bd, bd - 1) if bd == x.ndim - 1 else x
    out_bd = x.ndim - 2 if bd == x.ndim - 1 else bd
    return rms_norm_prim_p.bind(x, eps=eps), out_bd


rms_norm_prim_p.def_abstract_eval(_rms_abstract_eval)
rms_norm_prim_p.def_impl(_rms_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batcher
