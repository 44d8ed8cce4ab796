from jax.interpreters import xla as X

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: x)
rms_norm_prim_p.def_impl(lambda x, *, eps: X.apply_primitive(rms_norm_prim_p, x, eps=eps))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _rb(a, d, *, eps):
    (x,), (k,) = a, d
    y = rms_norm_prim_p.bind(jnp.moveaxis(x, k, 0), eps=eps)
    return y, 0


batching.primitive_batchers[rms_norm_prim_p] = _rb
