rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _second_to_last(x):
    return x.ndim - 2


def _to_second_to_last(x, bd):
    return jnp.moveaxis(x, bd, _second_to_last(x))


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    # batch axis just before the normalised one
    return rms_norm_prim_p.bind(_to_second_to_last(x, bd), eps=eps), _second_to_last(x)


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
