rms_norm_prim_p = Primitive('rms_norm_prim')


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _rms_impl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _rms_batch(batched_args, batch_dims, *, eps):
    (x,), (bd,) = batched_args, batch_dims
    x = jnp.moveaxis(x, bd, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_impl(_rms_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
