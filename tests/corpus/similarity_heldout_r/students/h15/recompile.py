from collections import namedtuple

Prediction = namedtuple("Prediction", ["student", "compiles"])
show_recompile_sequence("h15")
predicted_compiles = Prediction("h15", 5).compiles
