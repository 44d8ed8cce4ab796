# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
from typing import NamedTuple


class Batched(NamedTuple):
    x: jax.Array
    dim: int


rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batch_rule(args, dims, *, eps):
    b = Batched(args[0], dims[0])
    front = Batched(jnp.moveaxis(b.x, b.dim, 0), 0)
    return rms_norm_prim_p.bind(front.x, eps=eps), front.dim


batching.primitive_batchers[rms_norm_prim_p] = _batch_rule
