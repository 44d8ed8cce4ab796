# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, **params: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))

_DEBUG = False


def _batch(args, dims, **params):
    (x,), (bd,) = args, dims
    if _DEBUG:
        print("batching rms_norm_prim over axis", bd, "of", x.shape)
    perm = [bd] + [i for i in range(x.ndim) if i != bd]
    n_rows = int(np.prod([x.shape[i] for i in perm[:-1]]))  # noqa: F841
    return rms_norm_prim_p.bind(jnp.transpose(x, perm), **params), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
