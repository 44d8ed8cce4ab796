# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive('rms_norm_prim')
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')


def _impl(x, *, eps):
    # eager:临时 jit 一次,走同一个 lowering
    return jax.jit(lambda v: rms_norm_prim_p.bind(v, eps=eps))(x)


rms_norm_prim_p.def_impl(_impl)


def _rms_batch(args, dims, *, eps):
    '''批维度挪到 0(不会是被归一化的最后一维)。'''
    x, = args
    bd, = dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
