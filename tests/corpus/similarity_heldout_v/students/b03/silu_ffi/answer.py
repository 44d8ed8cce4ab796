silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


class _Kernels:
    def __init__(self, like):
        self.like = like

    @property
    def out(self):
        return jax.ShapeDtypeStruct(self.like.shape, self.like.dtype)

    @property
    def forward(self):
        return jax.ffi.ffi_call("silu", self.out, vmap_method="broadcast_all")

    @property
    def backward(self):
        return jax.ffi.ffi_call("silu_bwd", self.out, vmap_method="broadcast_all")


@jax.custom_vjp
def silu_ffi(x):
    return _Kernels(x).forward(x)


def _fwd(x):
    return _Kernels(x).forward(x), x


def _bwd(x, g):
    return (_Kernels(x).backward(x, g),)


silu_ffi.defvjp(_fwd, _bwd)
