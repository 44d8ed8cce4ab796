import functools

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))


def _move_to_front(v, bd):
    if bd == 0:
        return v
    return jnp.moveaxis(v, bd, 0)


def _batch(args, dims, *, eps):
    return rms_norm_prim_p.bind(functools.reduce(_move_to_front, dims, args[0]), eps=eps), 0


rms_norm_prim_p.def_impl(functools.partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
