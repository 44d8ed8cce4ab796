show_recompile_sequence("j15")
from collections import namedtuple
Prediction = namedtuple("Prediction", "compiles")
predicted_compiles = Prediction(5).compiles
