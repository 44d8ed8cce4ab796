import functools

from jax import lax

rms_norm_prim_p = Primitive("rms_norm_prim")


def _front(x, bd):
    return lax.transpose(x, (bd, *[i for i in range(x.ndim) if i != bd]))


def _batch(args, dims, *, eps):
    return rms_norm_prim_p.bind(_front(args[0], dims[0]), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(functools.partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
