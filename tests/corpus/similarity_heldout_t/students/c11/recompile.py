import functools

show_recompile_sequence("c11")


@functools.singledispatch
def as_count(x):
    return int(x)


predicted_compiles = as_count("5")
