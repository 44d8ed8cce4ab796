p = rms_norm_prim_p = Primitive("rms_norm_prim")
p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
p.def_impl(partial(xla.apply_primitive, p))
mlir.register_lowering(p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _b(a, d, *, eps):
    x = a[0]
    if d[0] != x.ndim - 1:
        return p.bind(x, eps=eps), d[0]
    return p.bind(jnp.moveaxis(x, -1, 0), eps=eps), 0


batching.primitive_batchers[p] = _b
