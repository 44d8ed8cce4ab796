import functools

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_impl(functools.partial(xla.apply_primitive, rms_norm_prim_p))
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _batch(args, dims, *, eps):
    x = jnp.moveaxis(args[0], dims[0], 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
