rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _rms_norm_batch(batched_args, batch_dims, *, eps):
    operand, = batched_args
    bdim, = batch_dims
    try:
        moved = jnp.moveaxis(operand, bdim, 0)
    except ValueError as err:
        raise ValueError(f"bad batch dim {bdim}") from err
    return rms_norm_prim_p.bind(moved, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_norm_batch
