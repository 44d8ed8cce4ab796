# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_norm_abstract_eval(
    x,
    *,
    eps,
):
    """Abstract evaluation: shape and dtype unchanged."""
    return ShapedArray(
        x.shape,
        x.dtype,
    )


def _rms_norm_batch(
    batched_args,
    batch_dims,
    *,
    eps,
):
    """Batching: move the batch axis to 0, then call the primitive."""
    (x,) = batched_args
    (bd,) = batch_dims
    x = jnp.moveaxis(
        x,
        bd,
        0,
    )
    return (
        rms_norm_prim_p.bind(
            x,
            eps=eps,
        ),
        0,
    )


rms_norm_prim_p.def_abstract_eval(_rms_norm_abstract_eval)
mlir.register_lowering(
    rms_norm_prim_p,
    jax.ffi.ffi_lowering("rms_norm"),
    platform="cpu",
)
rms_norm_prim_p.def_impl(
    partial(
        xla.apply_primitive,
        rms_norm_prim_p,
    )
)
batching.primitive_batchers[rms_norm_prim_p] = _rms_norm_batch
