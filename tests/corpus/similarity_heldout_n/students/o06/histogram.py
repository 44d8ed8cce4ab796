# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    def collect_equations_recursively(jaxpr_to_scan) -> list:
        equations_found = list(jaxpr_to_scan.eqns)
        for equation in jaxpr_to_scan.eqns:
            for nested_jaxpr in je.core.jaxprs_in_params(equation.params):
                equations_found.extend(collect_equations_recursively(nested_jaxpr))
        return equations_found

    every_equation = collect_equations_recursively(jax.make_jaxpr(f)(*args).jaxpr)
    return Counter(equation.primitive.name for equation in every_equation)
