q = Primitive('rms_norm_prim')
q.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(q, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
q.def_impl(partial(xla.apply_primitive, q))


def bq(a, d, *, eps):
    x = jnp.moveaxis(a[0], d[0], 0)
    return q.bind(x, eps=eps), 0


batching.primitive_batchers[q] = bq
rms_norm_prim_p = q
