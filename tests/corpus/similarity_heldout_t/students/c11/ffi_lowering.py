rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))  # same shape/dtype
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))  # eager through the lowering
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _batch_rule(vals, axes, *, eps):
    x, = vals
    ax, = axes
    try:
        front = jnp.moveaxis(x, ax, 0)  # batch first, never the normalised axis
    except ValueError as exc:
        raise ValueError(f"unexpected batch axis {ax}") from exc
    return rms_norm_prim_p.bind(front, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch_rule
