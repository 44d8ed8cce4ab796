# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


# abstract eval: same shape / dtype
def rms_abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


# batching: the kernel treats every leading axis as rows, so any position but the last works
def rms_batch(args, dims, *, eps):
    x = args[0]
    bd = dims[0]
    last = x.ndim - 1
    if bd == last:
        # swap the batch axis with the one before it
        axes = list(range(x.ndim))
        axes[last - 1], axes[last] = axes[last], axes[last - 1]
        x = jnp.transpose(x, axes)
        bd = last - 1
    return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p.def_abstract_eval(rms_abstract)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = rms_batch
