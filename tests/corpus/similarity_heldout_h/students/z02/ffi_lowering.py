# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive('rms_norm_prim')

# 抽象求值:输出与输入同形状、同 dtype
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
# lowering:直接用 FFI target
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
# eager impl:复用 lowering
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def 批处理规则(batched_args, batch_dims, *, eps):
    x, = batched_args
    bd, = batch_dims
    # 把批维度挪到第 0 维
    轴序 = [bd] + [i for i in range(x.ndim) if i != bd]
    x = jnp.transpose(x, 轴序)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = 批处理规则
