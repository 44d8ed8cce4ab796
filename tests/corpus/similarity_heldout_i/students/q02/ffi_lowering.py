# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive('rms_norm_prim')


@rms_norm_prim_p.def_abstract_eval
def _abs(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
# eager 时也走 jit 编译出来的 lowering
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _bat(args, dims, *, eps):
    x, = args
    d, = dims
    # rms_norm 对最后一维归一化:batch 维不能在最后,挪到最前面
    x = jnp.moveaxis(x, d, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _bat
