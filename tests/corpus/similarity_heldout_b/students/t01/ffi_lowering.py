from jax import lax

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _rms_batch(batched_args, batch_dims, eps):
    x = batched_args[0]
    bd = batch_dims[0]
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    x = lax.transpose(x, perm)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
