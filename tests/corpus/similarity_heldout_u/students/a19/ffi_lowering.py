rms_norm_prim_p = Primitive("rms_norm_prim")


def _chouxiang(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_abstract_eval(_chouxiang)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _pichuli(canshu, weidu, *, eps):
    x, = canshu
    pici, = weidu
    yidong = jnp.moveaxis(x, pici, 0)
    return rms_norm_prim_p.bind(yidong, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _pichuli
