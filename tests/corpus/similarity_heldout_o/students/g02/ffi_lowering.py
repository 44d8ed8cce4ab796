# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
# 创建原语
rms_norm_prim_p = Primitive("rms_norm_prim")


# 抽象求值:输出与输入形状、dtype 相同
@rms_norm_prim_p.def_abstract_eval
def rms_norm_abstract_eval(x_aval, *, eps):
    return ShapedArray(x_aval.shape, x_aval.dtype)


# eager 执行:交给 XLA 编译这一个原语
@rms_norm_prim_p.def_impl
def rms_norm_impl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


# CPU 上 lowering 到 FFI target rms_norm
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


# batching:把 batch 轴挪到最前面,归一化的最后一个轴不变
def rms_norm_batching_rule(batched_args, batch_dims, *, eps):
    x, = batched_args
    batch_dim, = batch_dims
    x = jnp.moveaxis(x, batch_dim, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
