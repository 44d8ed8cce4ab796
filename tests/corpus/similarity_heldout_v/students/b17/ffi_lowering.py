# ------------------------------------------------------------ primitive --
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


# ------------------------------------------------------------ lowering ---
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")

# ------------------------------------------------------------ eager ------
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# ------------------------------------------------------------ batching ---
def _batch(args, dims, *, eps):
    (x,), (bd,) = args, dims
    if bd == x.ndim - 1:
        x = jnp.swapaxes(x, bd, bd - 1)
        return rms_norm_prim_p.bind(x, eps=eps), bd - 1
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _batch
