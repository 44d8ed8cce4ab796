# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x, *, eps):
    """Same shape and dtype as x."""
    return ShapedArray(x.shape, x.dtype)


@rms_norm_prim_p.def_impl
def _rms_impl(x, *, eps):
    """Eager: compile the primitive alone."""
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _rms_batch(args, dims, *, eps):
    """The kernel normalises the last axis, so only a last batch axis has to move."""
    (x,), (bd,) = args, dims
    if bd == x.ndim - 1:
        return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
