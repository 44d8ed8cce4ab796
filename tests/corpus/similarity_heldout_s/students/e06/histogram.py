# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from dataclasses import dataclass, field


@dataclass
class OpCounter:
    tally: Counter = field(default_factory=Counter)  # primitive name -> how many times

    def walk(self, jx):
        # every equation counts once, then go into its sub-jaxprs (cond branches, jit, custom_jvp ...)
        for e in jx.eqns:
            self.tally[e.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(e.params):
                self.walk(sub)
        return self


def primitive_histogram(f, *args):
    traced = jax.make_jaxpr(f)(*args)  # ClosedJaxpr; .jaxpr is the outer one
    return OpCounter().walk(traced.jaxpr).tally
