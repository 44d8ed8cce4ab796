# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, **_: x.update(shape=x.shape, dtype=x.dtype))
rms_norm_prim_p.def_impl(lambda x, **params: jax.jit(lambda v: rms_norm_prim_p.bind(v, **params))(x))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = lambda xs, ds, **kw: (
    rms_norm_prim_p.bind(jnp.moveaxis(xs[0], ds[0], 0), **kw), 0)
