import functools
import operator

show_recompile_sequence("h11")
predicted_compiles = functools.reduce(operator.add, [1, 1, 0, 1, 1, 1])
