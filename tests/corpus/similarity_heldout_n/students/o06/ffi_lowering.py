# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p: Primitive = Primitive("rms_norm_prim")


def _rms_abstract_eval(x: ShapedArray, *, eps: np.float32) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)


def _rms_impl(x: jax.Array, *, eps: np.float32) -> jax.Array:
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _rms_batch(args: tuple, dims: tuple, *, eps: np.float32) -> tuple[jax.Array, int]:
    (x,), (bd,) = args, dims
    perm: list[int] = [bd] + [i for i in range(x.ndim) if i != bd]
    return rms_norm_prim_p.bind(x.transpose(perm), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_rms_abstract_eval)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(_rms_impl)
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
