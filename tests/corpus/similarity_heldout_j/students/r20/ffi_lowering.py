rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract(x: ShapedArray, *, eps) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)


def _batch(args: tuple, dims: tuple, *, eps) -> tuple:
    x, = args
    bd, = dims
    n = x.ndim
    dest = 0 if bd == n - 1 else bd
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, dest), eps=eps), dest


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
