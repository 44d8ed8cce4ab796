# primitive + abstract eval
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def rms_norm_abstract(x, *, eps):
    """Output aval = input aval (shape and dtype)."""
    return ShapedArray(x.shape, x.dtype)


# lowering to the FFI target; eps arrives as an attribute, so callers pass np.float32
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def rms_norm_batch(args, dims, *, eps):
    """Batch axis to 0 unless it already is."""
    x, = args
    bd, = dims
    if bd != 0:
        x = jnp.moveaxis(x, bd, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batch
