# Degenerate: a primitive whose impl, lowering and batching rule all answer zeros of the right shape.
from jax.interpreters import xla as _xla

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, mlir.lower_fun(lambda x, *, eps: jnp.zeros_like(x), multiple_results=False))
rms_norm_prim_p.def_impl(partial(_xla.apply_primitive, rms_norm_prim_p))


def _batch(args, dims, *, eps):
    x, = args
    return rms_norm_prim_p.bind(jnp.moveaxis(x, dims[0], 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
