silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")

_kernels = {
    name: (lambda n: lambda *ops: jax.ffi.ffi_call(
        n, jax.ShapeDtypeStruct(ops[0].shape, ops[0].dtype), vmap_method="broadcast_all")(*ops))(name)
    for name in ["silu", "silu_bwd"]
}


@jax.custom_vjp
def silu_ffi(x):
    return _kernels["silu"](x)


silu_ffi.defvjp(lambda x: (_kernels["silu"](x), x), lambda x, g: tuple([_kernels["silu_bwd"](x, g)]))
