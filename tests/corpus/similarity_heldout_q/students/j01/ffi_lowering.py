rms_norm_prim_p = Primitive("rms_norm_prim")


def _b(a, d, *, eps):
    x, = a
    k, = d
    return rms_norm_prim_p.bind(jnp.moveaxis(x, k, 0), eps=eps), 0  # batch axis to the front


def _i(x, *, eps):
    return jax.ffi.ffi_call("rms_norm", jax.ShapeDtypeStruct(x.shape, x.dtype))(x, eps=eps)  # eager: call FFI


def _a(x, *, eps):
    return ShapedArray(x.shape, x.dtype)  # same shape and dtype


batching.primitive_batchers[rms_norm_prim_p] = _b
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(_i)
rms_norm_prim_p.def_abstract_eval(_a)
