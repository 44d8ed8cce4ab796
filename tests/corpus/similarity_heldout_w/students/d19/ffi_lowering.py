# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _abstract(x, *, eps):
    """>>> # f32[2,3] in, f32[2,3] out"""
    return ShapedArray(x.shape, x.dtype)


def _batch(args, dims, *, eps):
    """Batch axis to the front.

    >>> # in_axes=-1 on f32[4,3] (samples of 4): f32[3,4] after the move, out dim 0
    """
    x, = args
    bd, = dims
    out = rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps)
    return out, 0


rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
