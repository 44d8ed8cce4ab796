# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
from jax import lax

rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_抽象求值(x, *, eps):
    """输出和输入同形状、同 dtype。"""
    return ShapedArray(x.shape, x.dtype)


def _rms_batch(args, dims, *, eps):
    """kernel 只对最后一维归一化,所以把 batch 维放到第 0 维。"""
    x, = args
    维, = dims
    x = lax.transpose(x, (维, *[i for i in range(x.ndim) if i != 维]))
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_rms_抽象求值)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
