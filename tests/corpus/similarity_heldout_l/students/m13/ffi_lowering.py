原语 = Primitive("rms_norm_prim")
原语.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(原语, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
原语.def_impl(partial(xla.apply_primitive, 原语))


def 批(参, 维, *, eps):
    x, = 参
    b, = 维
    if b < x.ndim - 1:
        return 原语.bind(x, eps=eps), b
    return 原语.bind(jnp.moveaxis(x, b, 0), eps=eps), 0


batching.primitive_batchers[原语] = 批
rms_norm_prim_p = 原语
