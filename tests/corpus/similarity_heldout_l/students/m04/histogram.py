# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


class PrimitiveCountingVisitor:
    """Walks a jaxpr and every sub-jaxpr it contains, counting primitive names."""

    def __init__(self):
        self.primitive_counts = Counter()

    def visit_jaxpr(self, jaxpr):
        """Count the equations of this jaxpr, then visit the jaxprs held in their params."""
        self.primitive_counts.update([equation.primitive.name for equation in jaxpr.eqns])
        [self.visit_jaxpr(nested_jaxpr)
         for equation in jaxpr.eqns
         for nested_jaxpr in je.core.jaxprs_in_params(equation.params)]


def primitive_histogram(f, *args):
    """Return a Counter mapping primitive name to its number of occurrences at every nesting level."""
    visitor = PrimitiveCountingVisitor()
    visitor.visit_jaxpr(jax.make_jaxpr(f)(*args).jaxpr)
    return visitor.primitive_counts
