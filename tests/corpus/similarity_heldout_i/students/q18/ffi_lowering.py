# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _抽象求值(x, *, eps):
    """形状、dtype 不变。"""
    return ShapedArray(x.shape, x.dtype)


@rms_norm_prim_p.def_impl
def _即时实现(x, *, eps):
    """eager 模式:单独编译这个原语再执行。"""
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


@partial(batching.primitive_batchers.__setitem__, rms_norm_prim_p)
def _批(args, dims, *, eps):
    """batch 维挪到第 0 维(kernel 对最后一维做归一化)。"""
    x, = args
    b, = dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, b, 0), eps=eps), 0
