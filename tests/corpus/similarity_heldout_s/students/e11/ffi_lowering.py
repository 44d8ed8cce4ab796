rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    # second to last: never the normalised axis, and every other axis stays a row
    x = jnp.moveaxis(x, bd, -2)
    return rms_norm_prim_p.bind(x, eps=eps), x.ndim - 2


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
