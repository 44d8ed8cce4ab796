from typing import Literal

import scipy.special as sps

Which = Literal["gammaln", "digamma"]
_FN: dict[Which, np.ufunc] = {"gammaln": sps.gammaln, "digamma": sps.digamma}


def _host(which: Which, x):
    fn = _FN[which]
    return jax.pure_callback(lambda a: np.asarray(fn(a), dtype=np.float32), jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32),
                             x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _host("gammaln", x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _host("gammaln", x), _host("digamma", x) * t
