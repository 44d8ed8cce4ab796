# 新原语
rms_norm_prim_p = Primitive('rms_norm_prim')
# 抽象求值
rms_norm_prim_p.def_abstract_eval(lambda x, **params: ShapedArray(x.shape, x.dtype))
# CPU 上的 lowering 就是 FFI target
_lower = jax.ffi.ffi_lowering('rms_norm')
mlir.register_lowering(rms_norm_prim_p, _lower, platform='cpu')


# eager impl:把这一个原语 jit 一下
def _impl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


rms_norm_prim_p.def_impl(_impl)


# 批处理:只有批维度在最后一维时才需要挪
def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    if bd == jnp.ndim(x) - 1:
        return rms_norm_prim_p.bind(jnp.moveaxis(x, -1, 0), eps=eps), 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _batch
