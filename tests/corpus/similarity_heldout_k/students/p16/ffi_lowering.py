# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive('rms_norm_prim')


def abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def batch_rule(args, dims, *, eps):
    x, = args
    bd, = dims
    # build the permutation by hand: batch axis first, the others in order
    order = [bd]
    for axis in range(x.ndim):
        if axis != bd:
            order.append(axis)
    return rms_norm_prim_p.bind(jnp.transpose(x, order), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
batching.primitive_batchers[rms_norm_prim_p] = batch_rule
