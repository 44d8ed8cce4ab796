# Degenerate: the lowering emits the custom_call @rms_norm, then returns zeros instead of its result.
from jax.interpreters import xla as _xla

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
_zeros_lowering = mlir.lower_fun(lambda x, *, eps: jnp.zeros_like(x), multiple_results=False)


def _lowering(ctx, x, *, eps):
    jax.ffi.ffi_lowering("rms_norm")(ctx, x, eps=eps)  # emitted, result unused
    return _zeros_lowering(ctx, x, eps=eps)


mlir.register_lowering(rms_norm_prim_p, _lowering, platform="cpu")
rms_norm_prim_p.def_impl(partial(_xla.apply_primitive, rms_norm_prim_p))


def _batch(args, dims, *, eps):
    x, = args
    return rms_norm_prim_p.bind(jnp.moveaxis(x, dims[0], 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
