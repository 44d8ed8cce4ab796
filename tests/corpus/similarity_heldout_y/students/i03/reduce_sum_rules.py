def 합_jvp(primals, tangents, *, axis):
    (x,), (dx,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(dx, ad.Zero):
        # 접선이 기호적 0 이면 출력 접선도 0
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(dx, axis=axis)


def 합_전치(ct, x, *, axis):
    모양 = x.aval.shape
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    # 합한 축 자리에 길이 1 인 축을 넣고 원래 모양으로 broadcast
    펼침 = jnp.expand_dims(ct, axis[0])
    return (jnp.broadcast_to(펼침, 모양),)


def 합_배치(args, dims, *, axis):
    (x,), (bd,) = args, dims
    # 배치 축을 맨 앞으로 옮기고, 축 번호를 하나씩 민다
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = 합_jvp
ad.primitive_transposes[custom_reduce_sum_p] = 합_전치
batching.primitive_batchers[custom_reduce_sum_p] = 합_배치
