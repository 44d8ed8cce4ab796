p = rms_norm_prim_p = Primitive('rms_norm_prim')
p.def_abstract_eval(lambda a, *, eps: ShapedArray(a.shape, a.dtype))
p.def_impl(partial(xla.apply_primitive, p))
mlir.register_lowering(p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')


def _b(xs, ds, *, eps):
    x = jnp.moveaxis(xs[0], ds[0], x_nd := xs[0].ndim - 2)
    return p.bind(x, eps=eps), x_nd


batching.primitive_batchers[p] = _b
