import enum


class Axis(enum.IntEnum):
    FRONT = 0


rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _vmap_rule(args, dims, *, eps):
    moved = jnp.moveaxis(args[0], dims[0], Axis.FRONT)
    return rms_norm_prim_p.bind(moved, eps=eps), int(Axis.FRONT)


batching.primitive_batchers[rms_norm_prim_p] = _vmap_rule
