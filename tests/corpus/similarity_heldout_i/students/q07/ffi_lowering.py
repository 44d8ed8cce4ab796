# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
# 1. the primitive
rms_norm_prim_p = Primitive("rms_norm_prim")


# 2. abstract evaluation: same shape and dtype
@rms_norm_prim_p.def_abstract_eval
def rms_norm_abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


# 3. lowering to the FFI target on CPU
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")

# 4. eager implementation: compile the single primitive
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# 5. batching: the kernel normalises the last axis, so put the batch axis first
def rms_norm_batch(args, dims, *, eps):
    (x,), (batch_dim,) = args, dims
    x = jnp.moveaxis(x, batch_dim, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batch
