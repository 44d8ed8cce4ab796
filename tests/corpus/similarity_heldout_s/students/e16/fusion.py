import enum


class Key(str, enum.Enum):
    BYTES = "bytes accessed"


def kernelCount(f, *args):
    return count_fusions(compiled_hlo(f, *args))


def bytesAccessed(f, *args):
    cost = jax.jit(f).lower(*args).compile().cost_analysis()
    return cost[Key.BYTES.value]


def fusion_report(f, *args):
    return kernelCount(f, *args), bytesAccessed(f, *args)
