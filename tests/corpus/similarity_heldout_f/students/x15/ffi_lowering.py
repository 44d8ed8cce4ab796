P = Primitive('rms_norm_prim')
P.def_abstract_eval(lambda x, **k: ShapedArray(x.shape, x.dtype))
P.def_impl(lambda x, **k: xla.apply_primitive(P, x, **k))
mlir.register_lowering(P, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')


def _b(a, d, **k):
    x = jnp.moveaxis(a[0], d[0], 0)
    return P.bind(x, **k), 0


batching.primitive_batchers[P] = _b
rms_norm_prim_p = P
