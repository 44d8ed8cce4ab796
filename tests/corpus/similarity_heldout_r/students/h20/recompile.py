class MyPrediction:
    student = "h20"
    compiles = 5


show_recompile_sequence("h20")
predicted_compiles = MyPrediction.compiles
