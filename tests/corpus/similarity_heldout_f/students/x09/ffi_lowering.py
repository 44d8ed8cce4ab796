p = Primitive("rms_norm_prim")
p.def_abstract_eval(lambda x, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
p.def_impl(partial(xla.apply_primitive, p))
batching.primitive_batchers[p] = lambda a, d, eps: (p.bind(jnp.moveaxis(a[0], d[0], 0), eps=eps), 0)
rms_norm_prim_p = p
