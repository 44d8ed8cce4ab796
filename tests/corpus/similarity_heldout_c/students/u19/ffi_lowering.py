# primitive, abstract eval, lowering, impl
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


@rms_norm_prim_p.def_impl
def _rms_impl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _batch_rule(args, dims, *, eps):
    # move the batch axis to 0; the kernel normalises the last axis
    x, = args
    bd, = dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch_rule
