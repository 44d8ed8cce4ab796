rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(tuple(x.shape), x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batch_rule(batched_args, batch_dims, *, eps):
    (x, *_), (bd, *_) = batched_args, batch_dims
    *lead, last = range(x.ndim)
    if bd == last:
        x, bd = jnp.moveaxis(x, bd, 0), 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _batch_rule
