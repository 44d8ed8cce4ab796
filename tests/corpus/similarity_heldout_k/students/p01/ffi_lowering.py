rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x: ShapedArray, *, eps) -> ShapedArray:
    # same shape and dtype as the input
    return ShapedArray(x.shape, x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# eager execution reuses the lowering through a one-primitive jit
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _rms_batch(batched_args: tuple, batch_dims: tuple, *, eps):
    x, = batched_args
    bd, = batch_dims
    # the kernel normalises the last axis; put the batch axis in front of everything
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
