# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract_eval(x, *, eps):
    """Output aval: same shape and dtype as the input."""
    return ShapedArray(x.shape, x.dtype)


def _impl(x, *, eps):
    """Eager evaluation: run the primitive through jit so the FFI lowering is used."""
    return jax.jit(partial(rms_norm_prim_p.bind, eps=eps))(x)


def _batch(args, dims, *, eps):
    """Vectorise by putting the batch axis first; the kernel then normalises every row."""
    x = jnp.moveaxis(args[0], dims[0], 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract_eval)
rms_norm_prim_p.def_impl(_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
