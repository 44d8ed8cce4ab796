rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def rms_norm_impl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def rms_norm_batch(batched_args, batch_dims, *, eps):
    (x,) = batched_args
    (batch_dim,) = batch_dims
    if batch_dim == x.ndim - 1:
        # the batch dimension must not be the normalised last dimension
        moved = jnp.moveaxis(x, batch_dim, 0)
        out_dim = 0
    else:
        moved = x
        out_dim = batch_dim
    return rms_norm_prim_p.bind(moved, eps=eps), out_dim


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_eval)
rms_norm_prim_p.def_impl(rms_norm_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batch
