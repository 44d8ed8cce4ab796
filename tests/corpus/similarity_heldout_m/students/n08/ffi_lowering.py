# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, **参数: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def 批处理(args, dims, *, eps):
    x, bd = args[0], dims[0]
    # 把 batch 轴换到第 0 维:用列表推导构造置换
    置换 = [bd] + [i for i in range(x.ndim) if i != bd]
    return rms_norm_prim_p.bind(jnp.transpose(x, 置换), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = 批处理
