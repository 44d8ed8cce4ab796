# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_norm_abstract_eval(x: ShapedArray, *, eps) -> ShapedArray:
    """Shape and dtype unchanged."""
    return ShapedArray(x.shape, x.dtype)


@rms_norm_prim_p.def_impl
def _rms_norm_impl(x, *, eps):
    """Eager calls compile the primitive on its own."""
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _rms_norm_batch(args: tuple, dims: tuple, *, eps):
    """Rows are normalised over the last axis: any batch axis but the last can stay."""
    (x,), (bd,) = args, dims
    if bd != x.ndim - 1:
        return rms_norm_prim_p.bind(x, eps=eps), bd
    return rms_norm_prim_p.bind(jnp.moveaxis(x, -1, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_norm_batch
