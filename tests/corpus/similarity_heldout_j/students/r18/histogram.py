# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def merge_histograms(first_histogram, second_histogram):
    # 把两个计数字典逐项相加
    merged_histogram = dict(first_histogram)
    for primitive_name, occurrence_count in second_histogram.items():
        merged_histogram[primitive_name] = merged_histogram.get(primitive_name, 0) + occurrence_count
    return merged_histogram


def histogram_of_jaxpr(current_jaxpr):
    # 先数本层,再递归进入每个方程参数里的子 jaxpr
    histogram = {}
    for equation in current_jaxpr.eqns:
        histogram = merge_histograms(histogram, {equation.primitive.name: 1})
        for sub_jaxpr in je.core.jaxprs_in_params(equation.params):
            histogram = merge_histograms(histogram, histogram_of_jaxpr(sub_jaxpr))
    return histogram


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    return histogram_of_jaxpr(jax.make_jaxpr(f)(*args).jaxpr)
