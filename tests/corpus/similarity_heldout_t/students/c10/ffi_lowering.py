rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _rms_front(x, bd):
    return jnp.moveaxis(x, bd, 0)


def _rms_batch(args, dims, *, eps):
    (x,), (bd,) = args, dims
    return rms_norm_prim_p.bind(_rms_front(x, bd), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_rms_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
