# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def abstrakte_auswertung(x, *, eps):
    """Gleiche Form und gleicher Datentyp wie die Eingabe."""
    return ShapedArray(x.shape, x.dtype)


def batch_regel(argumente, dimensionen, *, eps):
    """Batch-Achse nach vorn, dann das Primitiv aufrufen."""
    x = jnp.moveaxis(argumente[0], dimensionen[0], 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(abstrakte_auswertung)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = batch_regel
