# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


# 抽象求值:输出和输入同形状同 dtype
@rms_norm_prim_p.def_abstract_eval
def _抽象求值(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


# lowering 直接用 FFI target
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# eager 时复用 lowering:临时 jit 一个原语
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# 批处理:内核只对最后一维归一化,把批维度挪到第 0 维即可
def _批处理(args, dims, *, eps):
    x, = args
    bd, = dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _批处理
