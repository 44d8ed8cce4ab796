show_recompile_sequence("j11")
import operator
predicted_compiles = operator.add(4, 1)
