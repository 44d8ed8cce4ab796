silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


def _diaoyong(mingzi, x, *qita):
    jieguo = jax.ShapeDtypeStruct(x.shape,
                                  x.dtype)
    return jax.ffi.ffi_call(
        mingzi,
        jieguo,
        vmap_method="broadcast_all",
    )(x, *qita)


@jax.custom_vjp
def silu_ffi(x):
    return _diaoyong("silu", x)


def _qianxiang(x):
    return (_diaoyong("silu", x),
            x)


def _fanxiang(x, tidu):
    return (
        _diaoyong("silu_bwd", x, tidu),
    )


silu_ffi.defvjp(_qianxiang,
                _fanxiang)
