rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x, *, eps: float) -> ShapedArray:
    # same shape and dtype as the input
    return ShapedArray(x.shape, x.dtype)


# eps travels as an attribute of the FFI call
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


@rms_norm_prim_p.def_impl
def _rms_impl(x: jax.Array, *, eps: float) -> jax.Array:
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _rms_batch(args: tuple, dims: tuple, *, eps: float) -> tuple:
    (x,), (bd,) = args, dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
