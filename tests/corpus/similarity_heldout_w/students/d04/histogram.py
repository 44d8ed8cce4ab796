# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from dataclasses import dataclass, field


@dataclass
class PrimitiveTally:
    counts: Counter = field(default_factory=Counter)

    def add_jaxpr(self, jaxpr):
        for eqn in jaxpr.eqns:
            self.counts[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                self.add_jaxpr(sub)
        return self


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    return PrimitiveTally().add_jaxpr(jax.make_jaxpr(f)(*args).jaxpr).counts


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
