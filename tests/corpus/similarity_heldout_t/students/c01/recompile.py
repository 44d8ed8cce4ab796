from dataclasses import dataclass

show_recompile_sequence("c01")


@dataclass(frozen=True)
class Guess:
    compiles: int
    why: str = "① ② 新形状 ④ mode ⑤ int32 ⑥ 新形状+mode 都是新键,③ 命中"


predicted_compiles = Guess(compiles=5).compiles
