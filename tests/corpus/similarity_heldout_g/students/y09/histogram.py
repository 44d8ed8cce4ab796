# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> dict[str, int]:
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""

    def count_one_level(jaxpr_object) -> dict[str, int]:
        # 先数本层,再把每个子 jaxpr 的结果合并进来
        level_histogram: dict[str, int] = {}
        for equation in jaxpr_object.eqns:
            primitive_name = equation.primitive.name
            level_histogram[primitive_name] = level_histogram.get(primitive_name, 0) + 1
            for nested_jaxpr in je.core.jaxprs_in_params(equation.params):
                for nested_name, nested_count in count_one_level(nested_jaxpr).items():
                    level_histogram[nested_name] = level_histogram.get(nested_name, 0) + nested_count
        return level_histogram

    return count_one_level(jax.make_jaxpr(f)(*args).jaxpr)


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))
