show_recompile_sequence("j20")


class MyPrediction:
    compiles = 5


predicted_compiles = MyPrediction.compiles
