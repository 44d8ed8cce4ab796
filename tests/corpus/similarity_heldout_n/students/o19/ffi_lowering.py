# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_abstract(x, *, eps):
    # same shape / dtype as the input
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_abstract_eval(rms_abstract)
# NOTE: eps has to be np.float32, the C++ side declares Attr<float>("eps")
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    # TODO: could skip the move when bd is not the last dim
    x = jnp.moveaxis(x, bd, 0)
    # print(x.shape)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_batch
