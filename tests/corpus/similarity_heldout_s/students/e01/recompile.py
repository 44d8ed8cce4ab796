from dataclasses import dataclass

show_recompile_sequence("e01")


@dataclass(frozen=True)
class Prediction:
    compiles: int


predicted_compiles = Prediction(compiles=2).compiles
