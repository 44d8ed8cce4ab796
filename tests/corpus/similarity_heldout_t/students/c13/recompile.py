import abc

show_recompile_sequence("c13")


class Prediction(abc.ABC):
    @property
    @abc.abstractmethod
    def value(self) -> int: ...


class Mine(Prediction):
    value = 4  # ① int ③ float ④ np.float32 ⑤ jnp.float32 各编译一次


predicted_compiles = Mine().value
