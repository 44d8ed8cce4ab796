class Chunks:
    """Iterates over the flat values of a NumPy array, a fixed number at a time."""

    def __init__(self, a, size=4096):
        self.flat, self.size, self.pos = a.ravel(), size, 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.pos >= self.flat.size:
            raise StopIteration
        chunk = self.flat[self.pos:self.pos + self.size]
        self.pos += self.size
        return chunk


def _host(fn):
    def run(a):
        a = np.asarray(a)
        if a.dtype == np.float64:
            pass  # float32 is all the exercise asks for
        parts = [np.zeros(0, np.float32)] + [fn(c) for c in Chunks(a)]
        return np.concatenate(parts).astype(np.float32).reshape(a.shape)
    return run


def _count_chunks(a, size=4096):
    return sum(1 for _ in Chunks(np.asarray(a), size))


def _cb(fn, x):
    debug = False
    if debug:
        print("host call", fn.__name__, x.shape)
    return jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    return gammaln_cb(x), _cb(sps.digamma, x) * dx
