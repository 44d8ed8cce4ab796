rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    if bd == x.ndim - 1:
        # the batch axis is the last one: the kernel would normalise over it, so move it away
        return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0
    # any other position is just one more "row" axis for the kernel
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = rms_batch
