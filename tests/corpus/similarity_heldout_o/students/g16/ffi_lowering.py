# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def abstract_eval(x, *, eps):
    tmp = ShapedArray(x.shape, x.dtype)
    return tmp


def impl(x, *, eps):
    res = xla.apply_primitive(rms_norm_prim_p, x, eps=eps)
    return res


def batch(args, dims, *, eps):
    tmp = args[0]
    bd = dims[0]
    tmp = jnp.moveaxis(tmp, bd, 0)
    res = rms_norm_prim_p.bind(tmp, eps=eps)
    return res, 0


rms_norm_prim_p.def_abstract_eval(abstract_eval)
rms_norm_prim_p.def_impl(impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = batch
