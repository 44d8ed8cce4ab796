import os
import re

VERBOSE = os.environ.get("FUSION_VERBOSE") == "1"


def fusion_report(f, *args):
    optimised_hlo_text = compiled_hlo(f, *args)
    number_of_fusions = count_fusions(optimised_hlo_text)
    if VERBOSE:
        print(re.findall(r"fusion\.\d+", optimised_hlo_text))
    compiled_executable = jax.jit(f).lower(*args).compile()
    estimated_bytes_accessed = compiled_executable.cost_analysis()["bytes accessed"]
    return number_of_fusions, estimated_bytes_accessed
