# Right, in another form: a read-only Mapping (MappingProxyType) whose keys are numpy.str_ and whose
# counts are 0-d JAX integer arrays; the public self-check accepts it (isinstance Mapping, str keys,
# counts compared by value).
import types


def primitive_histogram(f, *args):
    names = []

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            names.append(eqn.primitive.name)
            for sub in je.core.jaxprs_in_params(eqn.params):
                walk(sub)

    walk(jax.make_jaxpr(f)(*args).jaxpr)
    keys, counts = np.unique(np.array(names), return_counts=True)
    return types.MappingProxyType({k: jnp.asarray(c, jnp.int32) for k, c in zip(keys, counts)})
