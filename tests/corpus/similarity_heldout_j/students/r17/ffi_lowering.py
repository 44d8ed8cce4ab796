rms_norm_prim_p = Primitive("rms_norm_prim")


def abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def batch_rule(args, dims, *, eps):
    # move batch to 0 only if it sits on the normalised (last) axis
    x, bd = args[0], dims[0]
    last = x.ndim - 1
    if bd == last:
        return rms_norm_prim_p.bind(jnp.moveaxis(x, last, 0), eps=eps), 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p.def_abstract_eval(abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = batch_rule
