# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_abstract_eval(x, *, eps):
    """Shape inference: RMS normalisation keeps the operand's shape and dtype."""
    return ShapedArray(x.shape, x.dtype)


def rms_norm_batching_rule(batched_args, batch_dims, *, eps):
    """Batching rule for the RMS-norm primitive.

    The FFI kernel normalises over the last axis and treats all leading axes
    as rows, so any batch axis other than the last one can stay where it is.
    A batch axis in the last position is moved to the front.
    """
    (operand,), (batch_dim,) = batched_args, batch_dims
    if batch_dim == operand.ndim - 1:
        operand = jax.lax.transpose(operand, (batch_dim, *range(batch_dim)))
        batch_dim = 0
    return rms_norm_prim_p.bind(operand, eps=eps), batch_dim


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_eval)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
