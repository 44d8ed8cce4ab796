compiled_silu_library = jaxcourse.load_kernel('silu.cc')
jax.ffi.register_ffi_target(
    'silu',
    jax.ffi.pycapsule(compiled_silu_library.Silu),
    platform='cpu',
)
jax.ffi.register_ffi_target(
    'silu_bwd',
    jax.ffi.pycapsule(compiled_silu_library.SiluBwd),
    platform='cpu',
)


def silu_forward_kernel(input_array: jax.Array) -> jax.Array:
    output_type = jax.ShapeDtypeStruct(input_array.shape, input_array.dtype)
    return jax.ffi.ffi_call(
        'silu',
        output_type,
        vmap_method='broadcast_all',
    )(input_array)


def silu_backward_kernel(input_array: jax.Array, output_cotangent: jax.Array) -> jax.Array:
    output_type = jax.ShapeDtypeStruct(input_array.shape, input_array.dtype)
    return jax.ffi.ffi_call(
        'silu_bwd',
        output_type,
        vmap_method='broadcast_all',
    )(input_array, output_cotangent)


@jax.custom_vjp
def silu_ffi(x: jax.Array) -> jax.Array:
    return silu_forward_kernel(x)


def silu_ffi_forward_rule(x: jax.Array) -> tuple[jax.Array, jax.Array]:
    return silu_forward_kernel(x), x


def silu_ffi_backward_rule(
    saved_input: jax.Array,
    output_cotangent: jax.Array,
) -> tuple[jax.Array]:
    return (silu_backward_kernel(saved_input, output_cotangent),)


silu_ffi.defvjp(silu_ffi_forward_rule, silu_ffi_backward_rule)
