rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def rms_norm_batch(args, dims, *, eps):
    x = args[0]
    bd = dims[0]
    if bd == 0:
        moved = x
    else:
        moved = jnp.moveaxis(x, bd, 0)
    return rms_norm_prim_p.bind(moved, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batch
