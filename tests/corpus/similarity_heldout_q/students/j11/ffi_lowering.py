rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _shape_rule(aval, *, eps):
    return ShapedArray(aval.shape, aval.dtype)


def _eager(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _vmap_rule(operands, bdims, *, eps):
    (x,), (b,) = operands, bdims
    # batch axis first, the others keep their order
    y = jax.lax.transpose(x, (b, *[k for k in range(x.ndim) if k != b]))
    return rms_norm_prim_p.bind(y, eps=eps), 0


rms_norm_prim_p.def_impl(_eager)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _vmap_rule
