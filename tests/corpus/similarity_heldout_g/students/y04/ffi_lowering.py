# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_abstract_eval(x, *, eps):
    """Same shape and dtype as the input."""
    return ShapedArray(x.shape, x.dtype)


def _rms_batch(args, dims, *, eps):
    """Batch axis to the second-to-last position: it becomes one more row axis."""
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, -2)
    return rms_norm_prim_p.bind(x, eps=eps), x.ndim - 2


rms_norm_prim_p.def_abstract_eval(_rms_abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
