# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


# 抽象求值:输出与输入形状、dtype 相同
def rms_norm_abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_eval)

# CPU lowering:直接交给 FFI target "rms_norm"
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


# eager impl:把这个原语单独 jit 一下再执行
def rms_norm_eager_impl(x, *, eps):
    return jax.jit(lambda value: rms_norm_prim_p.bind(value, eps=eps))(x)


rms_norm_prim_p.def_impl(rms_norm_eager_impl)


# batching 规则:rms_norm 只对最后一维做归一化,把 batch 维挪到最前面即可
def rms_norm_batching_rule(batched_args, batch_dims, *, eps):
    (x,) = batched_args
    (batch_dim,) = batch_dims
    x_batch_first = jnp.moveaxis(x, batch_dim, 0)
    return rms_norm_prim_p.bind(x_batch_first, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
