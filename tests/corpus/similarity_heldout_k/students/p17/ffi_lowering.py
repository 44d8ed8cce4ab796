p = rms_norm_prim_p = Primitive("rms_norm_prim")
p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
p.def_impl(partial(xla.apply_primitive, p))
mlir.register_lowering(p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def bt(a, d, *, eps):
    # 批维度 -> 0
    x = jnp.moveaxis(a[0], d[0], 0)
    return p.bind(x, eps=eps), 0


batching.primitive_batchers[p] = bt
