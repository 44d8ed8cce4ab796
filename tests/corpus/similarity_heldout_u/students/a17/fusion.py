def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    info = {"fusions": count_fusions(exe.as_text()),
            **{k: v for k, v in exe.cost_analysis().items() if k == "bytes accessed"}}
    return info["fusions"], info["bytes accessed"]
