# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_abstract_eval(rms_abstract)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def rms_batch(args, dims, *, eps):
    x = args[0]
    bd = dims[0]
    # batch axis to the front
    perm = [bd]
    for i in range(x.ndim):
        if i != bd:
            perm.append(i)
    return rms_norm_prim_p.bind(jnp.transpose(x, perm), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_batch
