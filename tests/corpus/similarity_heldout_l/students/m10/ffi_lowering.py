rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, **kw: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batching_rule_moving_batch_axis_to_front(batched_arguments, batch_dimensions, *, eps):
    return rms_norm_prim_p.bind(jnp.moveaxis(batched_arguments[0], batch_dimensions[0], 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batching_rule_moving_batch_axis_to_front
