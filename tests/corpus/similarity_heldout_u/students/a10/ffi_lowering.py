from itertools import chain

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _order(bd, ndim):
    return list(chain([bd], (i for i in range(ndim) if i != bd)))


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    return rms_norm_prim_p.bind(jnp.transpose(x, _order(bd, x.ndim)), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
