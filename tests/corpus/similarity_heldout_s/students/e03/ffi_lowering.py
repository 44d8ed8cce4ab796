# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _rms_batch(args, dims, *, eps):
    x, bd = args[0], dims[0]
    if (last := x.ndim - 1) == bd:
        x, bd = jnp.moveaxis(x, last, 0), 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
