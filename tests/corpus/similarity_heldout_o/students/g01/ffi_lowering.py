# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _abs(x, *, eps):
    return ShapedArray(x.shape, x.dtype)  # same shape, same dtype


rms_norm_prim_p.def_abstract_eval(_abs)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))  # eager: jit the one op
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _bat(args, dims, *, eps):
    x, = args
    d, = dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, d, 0), eps=eps), 0  # norm axis stays last


batching.primitive_batchers[rms_norm_prim_p] = _bat
