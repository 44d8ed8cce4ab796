from dataclasses import dataclass

show_recompile_sequence("e07")


@dataclass(frozen=True)
class Prediction:
    compiles: int


predicted_compiles = Prediction(compiles=1 + 1).compiles
