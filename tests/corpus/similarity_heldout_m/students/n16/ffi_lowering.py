# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def batch_rule(args, dims, *, eps):
    x = args[0]
    bd = dims[0]
    # build the permutation by hand: batch axis first, the rest in order
    perm = [bd]
    for i in range(x.ndim):
        if i != bd:
            perm.append(i)
    x = x.transpose(perm)
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = batch_rule
