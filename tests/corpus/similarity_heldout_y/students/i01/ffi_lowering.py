def make_rms_prim():
    p = Primitive("rms_norm_prim")

    def abstract(x, eps):
        return ShapedArray(x.shape, x.dtype)

    p.def_abstract_eval(abstract)
    mlir.register_lowering(p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
    p.def_impl(partial(xla.apply_primitive, p))

    def batch(args, dims, eps):
        x = args[0]
        bd = dims[0]

        x = jnp.moveaxis(x, bd, 0)

        out = p.bind(x, eps=eps)

        return out, 0

    batching.primitive_batchers[p] = batch
    return p


rms_norm_prim_p = make_rms_prim()
