import math

show_recompile_sequence("e11")
predicted_compiles = int(math.fsum([1, 1, 1, 1, 0, 1]))
