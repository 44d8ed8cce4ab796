# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract(x, *, eps):
    assert isinstance(eps, np.float32), "eps must be np.float32 for Attr<float>"
    return ShapedArray(x.shape, x.dtype)


def _batch(args, dims, *, eps):
    assert len(args) == 1
    x, bd = args[0], dims[0]
    if bd == x.ndim - 1:
        x, bd = jnp.moveaxis(x, bd, 0), 0
    return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
