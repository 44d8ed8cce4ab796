silu_lib = jaxcourse.load_kernel('silu.cc')
jax.ffi.register_ffi_target('silu', jax.ffi.pycapsule(silu_lib.Silu), platform='cpu')
jax.ffi.register_ffi_target('silu_bwd', jax.ffi.pycapsule(silu_lib.SiluBwd), platform='cpu')


def _调用(名字, x, *rest):
    # 输出形状、dtype 和 x 一样
    return jax.ffi.ffi_call(名字, jax.ShapeDtypeStruct(x.shape, x.dtype), vmap_method='broadcast_all')(x, *rest)


@jax.custom_vjp
def silu_ffi(x):
    return _调用('silu', x)


def silu_fwd(x):
    # 保存 x 给反向用
    return _调用('silu', x), x


def silu_bwd(x, g):
    return (_调用('silu_bwd', x, g),)


silu_ffi.defvjp(silu_fwd, silu_bwd)
