# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
import warnings

rms_norm_prim_p = Primitive("rms_norm_prim")
# output aval: same shape and dtype as the input
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
_VERBOSE = False


def _batch_rule(operands, batch_axes, *, eps):
    """Move the batch axis off the last position (to the second-to-last) only when needed."""
    arr, axis = operands[0], batch_axes[0]
    original_axis = axis
    if axis == arr.ndim - 1:
        arr = jnp.moveaxis(arr, axis, -2)
        axis = arr.ndim - 2
    if _VERBOSE:
        warnings.warn(f"batch axis {original_axis} -> {axis}")
    return rms_norm_prim_p.bind(arr, eps=eps), axis


batching.primitive_batchers[rms_norm_prim_p] = _batch_rule
