# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


# 抽象求值:输出的形状和 dtype 与输入相同
def rms_norm_abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


# eager 执行:直接调用 FFI target
def rms_norm_eager_impl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


# batching:RMSNorm 只在最后一个轴上归一化,批量轴在最后时先移到最前面
def rms_norm_batching_rule(batched_args, batch_dims, *, eps):
    (x,) = batched_args
    (batch_dim,) = batch_dims
    if batch_dim == x.ndim - 1:
        x = jnp.transpose(x, (batch_dim, *range(batch_dim)))
        batch_dim = 0
    return rms_norm_prim_p.bind(x, eps=eps), batch_dim


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_eval)
rms_norm_prim_p.def_impl(rms_norm_eager_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
