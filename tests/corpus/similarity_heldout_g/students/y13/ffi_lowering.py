rms_norm_prim_p = Primitive('rms_norm_prim')


@rms_norm_prim_p.def_abstract_eval
def _ae(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


@rms_norm_prim_p.def_impl
def _impl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _bt(a, d, *, eps):
    x, b = a[0], d[0]
    n = x.ndim
    if b != n - 1:
        return rms_norm_prim_p.bind(x, eps=eps), b
    return rms_norm_prim_p.bind(jnp.moveaxis(x, b, n - 2), eps=eps), n - 2


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
batching.primitive_batchers[rms_norm_prim_p] = _bt
