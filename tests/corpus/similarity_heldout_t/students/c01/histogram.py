# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from dataclasses import dataclass, field


@dataclass
class PrimTally:
    counts: Counter = field(default_factory=Counter)

    def visit(self, jaxpr):
        for eqn in jaxpr.eqns:
            self.counts[eqn.primitive.name] += 1
            for inner in je.core.jaxprs_in_params(eqn.params):
                self.visit(inner)
        return self


def primitive_histogram(f, *args):
    closed = jax.make_jaxpr(f)(*args)
    return dict(PrimTally().visit(closed.jaxpr).counts)
