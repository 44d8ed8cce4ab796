# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
from jax import lax

rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _抽象(x, *, eps):
    """输出的形状、dtype 与输入相同。"""
    return ShapedArray(x.shape, x.dtype)


def _批处理(args, dims, *, eps):
    """用 lax.transpose 把批维度换到第 0 维。"""
    x, bd = args[0], dims[0]
    顺序 = [bd] + [i for i in range(x.ndim) if i != bd]
    return rms_norm_prim_p.bind(lax.transpose(x, 顺序), eps=eps), 0


rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _批处理
