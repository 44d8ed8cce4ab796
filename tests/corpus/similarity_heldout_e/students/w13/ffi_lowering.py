# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def rms_batch(args, dims, *, eps):
    x = args[0]
    bd = dims[0]
    # 批维度换到最前面:用 transpose 的排列
    order = [bd] + [i for i in range(x.ndim) if i != bd]
    return rms_norm_prim_p.bind(jnp.transpose(x, order), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_batch
