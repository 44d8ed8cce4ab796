# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
# Step 1: the primitive
rms_norm_prim_p = Primitive("rms_norm_prim")


# Step 2: abstract evaluation -- output aval equals the input aval
def rms_abstract_eval(x_aval, *, eps):
    return ShapedArray(x_aval.shape, x_aval.dtype)


rms_norm_prim_p.def_abstract_eval(rms_abstract_eval)

# Step 3: lowering to the FFI target
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")

# Step 4: eager impl reuses the lowering
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# Step 5: batching -- batch axis to the second-to-last position, away from the normalised axis
def rms_batch(batched_args, batch_dims, *, eps):
    (x,) = batched_args
    (bd,) = batch_dims
    target = x.ndim - 2
    moved = jnp.moveaxis(x, bd, target)
    return rms_norm_prim_p.bind(moved, eps=eps), target


batching.primitive_batchers[rms_norm_prim_p] = rms_batch
