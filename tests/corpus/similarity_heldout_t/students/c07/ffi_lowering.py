rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _rms_batching(args, dims, *, eps):
    x, = args
    bd, = dims
    while True:
        if bd < x.ndim - 1:
            break
        x = jnp.moveaxis(x, bd, 0)
        bd = 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p.def_abstract_eval(_rms_abstract)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = _rms_batching
