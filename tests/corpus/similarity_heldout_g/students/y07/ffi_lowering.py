# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
from jax import lax

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _b(a, d, *, eps):
    x, = a
    b, = d
    if b == x.ndim - 1:
        # batch axis is last: rotate it to the front
        x = lax.transpose(x, (b,) + tuple(range(b)))
        b = 0
    return rms_norm_prim_p.bind(x, eps=eps), b


batching.primitive_batchers[rms_norm_prim_p] = _b
