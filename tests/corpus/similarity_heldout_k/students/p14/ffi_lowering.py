# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_abstract_eval(x: ShapedArray, *, eps: np.float32) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)


def _rms_impl(x: jax.Array, *, eps: np.float32) -> jax.Array:
    # eager: compile this single primitive and run it (uses the FFI lowering)
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def _rms_batch(batched_args: tuple, batch_dims: tuple, *, eps: np.float32):
    x, = batched_args
    bd, = batch_dims
    # the batch axis must not be the normalised last axis
    moved = jnp.moveaxis(x, bd, 0)
    return rms_norm_prim_p.bind(moved, eps=eps), bd


rms_norm_prim_p.def_abstract_eval(_rms_abstract_eval)
rms_norm_prim_p.def_impl(_rms_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
