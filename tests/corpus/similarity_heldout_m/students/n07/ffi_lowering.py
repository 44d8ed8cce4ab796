# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
# step 1: the primitive
rms_norm_prim_p = Primitive("rms_norm_prim")


# step 2: abstract evaluation
def rms_abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_abstract_eval(rms_abstract_eval)

# step 3: lower to the FFI target on CPU
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")

# step 4: eager impl through apply_primitive
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# step 5: batching rule, batch axis to the front
def rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_batch
