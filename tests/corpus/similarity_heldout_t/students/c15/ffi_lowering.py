rms_norm_prim_p = Primitive("rms_norm_prim")


def _others(ndim, bd):
    yield bd
    yield from (i for i in range(ndim) if i != bd)


def _rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    perm = tuple(_others(x.ndim, bd))
    return rms_norm_prim_p.bind(jnp.transpose(x, perm), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
