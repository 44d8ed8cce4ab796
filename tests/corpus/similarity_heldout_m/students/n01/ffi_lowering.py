# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x: ShapedArray, *, eps) -> ShapedArray:
    # RMS norm keeps shape and dtype
    return ShapedArray(x.shape, x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _rms_batch(args: tuple, dims: tuple, *, eps) -> tuple:
    # the kernel normalises the last axis, so the batch axis must not be there
    (x,), (bd,) = args, dims
    if bd == x.ndim - 1:
        x = jnp.moveaxis(x, bd, 0)
        bd = 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
