# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
from collections import namedtuple

rms_norm_prim_p = Primitive("rms_norm_prim")
Batched = namedtuple("Batched", "value axis")


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    out = Batched(rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0)
    return out.value, out.axis


rms_norm_prim_p.def_abstract_eval(lambda aval, *, eps: ShapedArray(aval.shape, aval.dtype))
rms_norm_prim_p.def_impl(lambda x, *, eps: xla.apply_primitive(rms_norm_prim_p, x, eps=eps))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
