# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
from jax import lax

rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    # batch first
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    return rms_norm_prim_p.bind(lax.transpose(x, perm), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
