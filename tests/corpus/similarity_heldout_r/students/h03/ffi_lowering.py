rms_norm_prim_p: Primitive = Primitive("rms_norm_prim")


def _rms_abstract(x: ShapedArray, *, eps: float) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)


def _rms_batch(args: tuple, dims: tuple, *, eps: float) -> tuple[jax.Array, int]:
    x: jax.Array = args[0]
    bd: int = dims[0]
    perm: tuple[int, ...] = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    return rms_norm_prim_p.bind(jnp.transpose(x, perm), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_rms_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
