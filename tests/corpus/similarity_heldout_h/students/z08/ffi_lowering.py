# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_impl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)  # eager: reuse the lowering


def _rms_abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    if bd == x.ndim - 1:  # only the last axis is a problem
        x = jnp.moveaxis(x, bd, 0)
        bd = 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p.def_impl(_rms_impl)
rms_norm_prim_p.def_abstract_eval(_rms_abstract)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
