rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x, *, eps):
    # same shape and dtype as the input
    return ShapedArray(x.shape, x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(lambda *args, **params: xla.apply_primitive(rms_norm_prim_p, *args, **params))


def _rms_batch(args, dims, *, eps):
    x, = args
    d, = dims
    # batch axis to the front; the kernel normalises the last axis
    return rms_norm_prim_p.bind(jnp.moveaxis(x, d, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
