# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive('rms_norm_prim')
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
rms_norm_prim_p.def_impl(lambda x, *, eps: jax.ffi.ffi_call('rms_norm', jax.ShapeDtypeStruct(x.shape, x.dtype))(x, eps=eps))
_调试 = False
batching.primitive_batchers[rms_norm_prim_p] = lambda a, d, *, eps: (
    rms_norm_prim_p.bind(jnp.moveaxis(a[0], d[0], 0), eps=eps), 0)
if _调试:
    print('rms_norm_prim_p 已注册', rms_norm_prim_p)
