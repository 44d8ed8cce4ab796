# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
from jax import lax

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def 批(args, dims, *, eps):
    x, = args
    bd, = dims
    # 用 lax.transpose 把 batch 轴放到最前
    排列 = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    return rms_norm_prim_p.bind(lax.transpose(x, 排列), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = 批
