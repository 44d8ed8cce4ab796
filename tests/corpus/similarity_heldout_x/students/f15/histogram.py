# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Conta as primitivas de f(*args), descendo em todos os sub-jaxprs."""
    contagem = {}
    pilha = [jax.make_jaxpr(f)(*args).jaxpr]
    while len(pilha) > 0:
        atual = pilha.pop()
        for equacao in atual.eqns:
            nome = equacao.primitive.name
            contagem[nome] = contagem.get(nome, 0) + 1
            # os sub-jaxprs (ramos do cond, corpo do laço, jit interno...) vão para a pilha
            pilha.extend(je.core.jaxprs_in_params(equacao.params))
    return contagem


# print(primitive_histogram(target, jnp.ones(4), True))
