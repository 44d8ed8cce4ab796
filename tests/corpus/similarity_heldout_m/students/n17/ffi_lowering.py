# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
# 第一步:定义原语
rms_norm_prim_p = Primitive("rms_norm_prim")
# 第二步:抽象求值
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
# 第三步:CPU lowering
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# 第四步:eager impl
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# 第五步:batching,batch 轴总放在倒数第二维(最后一维留给内核)
def 批规则(args, dims, *, eps):
    x = args[0]
    if x.ndim < 2:
        return rms_norm_prim_p.bind(x, eps=eps), dims[0]
    x = jnp.moveaxis(x, dims[0], x.ndim - 2)
    return rms_norm_prim_p.bind(x, eps=eps), x.ndim - 2


batching.primitive_batchers[rms_norm_prim_p] = 批规则
