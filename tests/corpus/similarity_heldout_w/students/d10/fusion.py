# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    text = exe.as_text()
    assert "HloModule" in text, "expected optimised HLO text"
    cost = exe.cost_analysis()
    assert "bytes accessed" in cost
    return count_fusions(text), cost["bytes accessed"]
