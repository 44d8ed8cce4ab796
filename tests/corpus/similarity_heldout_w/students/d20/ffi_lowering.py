# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
from typing import Final

TARGET: Final[str] = "rms_norm"
rms_norm_prim_p: Final[Primitive] = Primitive("rms_norm_prim")


def _abstract(x: ShapedArray, *, eps: np.float32) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)


def _batch(args: tuple[jax.Array, ...], dims: tuple[int, ...], *, eps: np.float32) -> tuple[jax.Array, int]:
    x: jax.Array = jnp.moveaxis(args[0], dims[0], 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering(TARGET), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
