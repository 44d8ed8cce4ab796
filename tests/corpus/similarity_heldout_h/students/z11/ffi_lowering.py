# rms_norm_prim_p lowered to the FFI target rms_norm.
rms_norm_prim_p = Primitive('rms_norm_prim')


@rms_norm_prim_p.def_abstract_eval
def _rms_norm_abstract_eval(x, *, eps):
    '''Same shape and dtype as the input.'''
    return ShapedArray(x.shape, x.dtype)


@rms_norm_prim_p.def_impl
def _rms_norm_impl(x, *, eps):
    '''Eager: compile the single primitive through its lowering.'''
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _rms_norm_batch(batched_args, batch_dims, *, eps):
    '''Batch axis to the front; the kernel treats leading axes as rows.'''
    x, = batched_args
    bd, = batch_dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
batching.primitive_batchers[rms_norm_prim_p] = _rms_norm_batch
