# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract(x, *, eps):
    # 输出形状 = 输入形状
    return ShapedArray(x.shape, x.dtype)


def _batch(args, dims, *, eps):
    x = args[0]
    bd = dims[0]
    # 把批维度挪到最前面
    x = jnp.moveaxis(x, bd, 0)
    y = rms_norm_prim_p.bind(x, eps=eps)
    return y, 0


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
