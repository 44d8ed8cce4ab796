rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _batch_rule(args, dims, *, eps):
    x, = args
    bd, = dims
    while True:
        if bd == 0:
            break
        x = jnp.swapaxes(x, bd, bd - 1)
        bd -= 1
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch_rule
