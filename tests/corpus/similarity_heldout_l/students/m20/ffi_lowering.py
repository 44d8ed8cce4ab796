from jax import lax

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda aval, *, eps: ShapedArray(aval.shape, aval.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    nd = x.ndim
    # batch to 0 with lax.transpose
    y = rms_norm_prim_p.bind(lax.transpose(x, [bd] + [i for i in range(nd) if i != bd]), eps=eps)
    return y, 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
