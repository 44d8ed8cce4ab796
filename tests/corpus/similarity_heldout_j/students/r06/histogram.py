_walk = lambda j: sum((Counter([e.primitive.name]) + sum(map(_walk, je.core.jaxprs_in_params(e.params)), Counter())
                       for e in j.eqns), Counter())

primitive_histogram = lambda f, *args: _walk(jax.make_jaxpr(f)(*args).jaxpr)
