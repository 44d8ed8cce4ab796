# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


# out aval = in aval
def ae(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


# eager path
def ei(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


# vmap: batch dim to the front
def vb(a, d, *, eps):
    x, = a
    b, = d
    if b is None:
        return rms_norm_prim_p.bind(x, eps=eps), None
    elif b != 0:
        x = jnp.moveaxis(x, b, 0)
    else:
        pass
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(ae)
rms_norm_prim_p.def_impl(ei)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = vb
