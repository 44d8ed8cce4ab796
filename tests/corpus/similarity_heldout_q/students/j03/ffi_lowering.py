rms_norm_prim_p: Primitive = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x: ShapedArray, *, eps: np.float32) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)


def _rms_impl(x: jax.Array, *, eps: np.float32) -> jax.Array:
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _rms_batch(args: tuple, dims: tuple, *, eps: np.float32) -> tuple[jax.Array, int]:
    (x,), (bd,) = args, dims
    moved: jax.Array = jax.lax.transpose(x, (bd, *[i for i in range(x.ndim) if i != bd]))
    return rms_norm_prim_p.bind(moved, eps=eps), 0


rms_norm_prim_p.def_impl(_rms_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
