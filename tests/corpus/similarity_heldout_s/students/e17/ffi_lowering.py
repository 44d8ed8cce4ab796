from typing import Final

PRIM_NAME: Final = "rms_norm_prim"
FFI_TARGET: Final = "rms_norm"

rms_norm_prim_p: Final = Primitive(PRIM_NAME)


def _abstract_eval(x: ShapedArray, *, eps: np.float32) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)


def _batch(args: tuple, dims: tuple, *, eps: np.float32) -> tuple:
    (x,), (bd,) = args, dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering(FFI_TARGET), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
