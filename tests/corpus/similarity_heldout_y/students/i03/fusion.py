# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    """최적화된 HLO 의 fusion 개수와 cost_analysis 의 bytes accessed 를 돌려준다."""
    컴파일됨 = jax.jit(f).lower(*args).compile()
    # compile() 뒤의 HLO 에서 세야 한다 (lower() 만 하면 아직 융합이 없음)
    개수 = count_fusions(컴파일됨.as_text())
    비용 = 컴파일됨.cost_analysis()
    return 개수, 비용["bytes accessed"]
