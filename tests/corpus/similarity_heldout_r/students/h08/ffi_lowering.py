rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(lambda x, *, eps: xla.apply_primitive(rms_norm_prim_p, x, eps=eps))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def bat(a, d, *, eps):
    return rms_norm_prim_p.bind(jnp.transpose(a[0], (d[0],) + tuple(i for i in range(a[0].ndim) if i != d[0])),
                                eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = bat
