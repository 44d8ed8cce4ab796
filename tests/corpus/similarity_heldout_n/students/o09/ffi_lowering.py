rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, **params: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(lambda *args, **params: xla.apply_primitive(rms_norm_prim_p, *args, **params))
batching.primitive_batchers[rms_norm_prim_p] = lambda args, dims, **params: (
    rms_norm_prim_p.bind(jnp.moveaxis(args[0], dims[0], 0), **params), 0)
