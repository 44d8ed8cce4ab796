rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract(x, *, eps, keep_dtype=True):
    return ShapedArray(x.shape, x.dtype if keep_dtype else jnp.float32)


def _batch(args, dims, *, eps, to=0):
    return rms_norm_prim_p.bind(jnp.moveaxis(args[0], dims[0], to), eps=eps), to


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
