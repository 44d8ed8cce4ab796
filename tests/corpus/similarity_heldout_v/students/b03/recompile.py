# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("b03")


class Prediction:
    # which calls bring a cache key not seen before
    misses = [True, True, True, True, False, True]

    @property
    def compiles(self):
        return sum(self.misses)


predicted_compiles = Prediction().compiles
