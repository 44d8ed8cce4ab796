# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
from jax import lax

rms_norm_prim_p = Primitive("rms_norm_prim")


def 抽象求值(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def 批处理(args, dims, *, eps):
    x, = args
    bd, = dims
    if bd == x.ndim - 1:
        # 批维度在最后一维时挪到第 0 维,其余位置本来就是「行」
        x = lax.transpose(x, (bd,) + tuple(range(bd)))
        bd = 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p.def_abstract_eval(抽象求值)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = 批处理
