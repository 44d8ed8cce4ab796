rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_aval(x: ShapedArray, *, eps) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)


def _rms_vmap(args: tuple, dims: tuple, *, eps) -> tuple:
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0) if bd != 0 else x
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_rms_aval)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = _rms_vmap
