silu_lib = jaxcourse.load_kernel("silu.cc")
jax.ffi.register_ffi_target("silu", jax.ffi.pycapsule(silu_lib.Silu), platform="cpu")
jax.ffi.register_ffi_target("silu_bwd", jax.ffi.pycapsule(silu_lib.SiluBwd), platform="cpu")


from types import SimpleNamespace

_targets = SimpleNamespace(fwd="silu", bwd="silu_bwd", vmap="broadcast_all")


def _run(name, x, *rest):
    return jax.ffi.ffi_call(name, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method=_targets.vmap)(x, *rest)


@jax.custom_vjp
def silu_ffi(x):
    return _run(_targets.fwd, x)


def _fwd(x):
    return _run(_targets.fwd, x), x


def _bwd(x, ct):
    return (_run(_targets.bwd, x, ct),)


silu_ffi.defvjp(_fwd, _bwd)
