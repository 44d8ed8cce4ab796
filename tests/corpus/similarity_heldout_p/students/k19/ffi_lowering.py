rms_norm_prim_p = Primitive(name="rms_norm_prim")


def _abstract(x, *, eps):
    return ShapedArray(shape=x.shape, dtype=x.dtype)


def _impl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _batch(args, dims, *, eps):
    (x,), (bd,) = args, dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, source=bd, destination=0), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering(call_target_name="rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
