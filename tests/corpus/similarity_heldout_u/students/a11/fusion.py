DEBUG = False


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    text = compiled.as_text()
    n = count_fusions(text)
    nbytes = compiled.cost_analysis()["bytes accessed"]
    if DEBUG:
        print(f"fusions={n} bytes={nbytes}")
        print(text)
    return n, nbytes
