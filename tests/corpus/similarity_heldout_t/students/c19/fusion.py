def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    text = exe.as_text()
    assert "HloModule" in text, "应当是优化后的 HLO"
    stats = exe.cost_analysis()
    assert "bytes accessed" in stats
    return count_fusions(text), stats["bytes accessed"]
