# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def rms_eager(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    if bd is None:
        return rms_norm_prim_p.bind(x, eps=eps), None
    elif bd != 0:
        x = jnp.moveaxis(x, bd, 0)
    else:
        pass
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(rms_abstract)
rms_norm_prim_p.def_impl(rms_eager)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = rms_batch
