# Reference answer: the prediction written as a literal int.
predicted_compiles = 4
