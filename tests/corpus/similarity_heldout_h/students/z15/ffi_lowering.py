# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive('rms_norm_prim')
rms_norm_prim_p.def_abstract_eval(lambda aval, *, eps: ShapedArray(aval.shape, aval.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))  # eager via the lowering
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    n = x.ndim
    if bd == n - 1:  # batch axis sits where the kernel normalises: move it one left
        x = jnp.moveaxis(x, bd, n - 2)
        bd = n - 2
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _batch
