import functools


def batching_rule_of(prim):
    """Decorator: register the function as `prim`'s batching rule."""

    def register(rule):
        @functools.wraps(rule)
        def wrapped(args, dims, **params):
            return rule(args, dims, **params)

        batching.primitive_batchers[prim] = wrapped
        return wrapped

    return register


rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


@batching_rule_of(rms_norm_prim_p)
def _rms_batch(args, dims, *, eps):
    (x,), (bd,) = args, dims
    last = x.ndim - 1
    out = jnp.moveaxis(x, bd, 0) if bd == last else x
    return rms_norm_prim_p.bind(out, eps=eps), 0 if bd == last else bd
