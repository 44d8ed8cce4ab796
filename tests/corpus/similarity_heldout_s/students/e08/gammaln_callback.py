def _scipy(fn, x):
    def host(a):
        a = np.asarray(a)
        out = np.empty(a.shape, np.float32)
        src = a.reshape(-1)
        dst = out.reshape(-1)
        i = 0
        while True:
            if i >= src.size:
                break
            dst[i] = fn(src[i])
            i += 1
        return out

    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, np.float32), x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _scipy(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _scipy(sps.gammaln, x), _scipy(sps.digamma, x) * t
