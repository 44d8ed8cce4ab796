rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))  # same shape and dtype as the input
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")  # the C++ kernel registered by the setup cell is the CPU lowering, eps goes in as an FFI attribute
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))  # eager: jit the single primitive, so eager goes through the kernel too
batching.primitive_batchers[rms_norm_prim_p] = lambda args, dims, *, eps: (rms_norm_prim_p.bind(jnp.moveaxis(args[0], dims[0], 0), eps=eps), 0)  # batch axis to the front, never the last axis (the kernel normalises the last one)
