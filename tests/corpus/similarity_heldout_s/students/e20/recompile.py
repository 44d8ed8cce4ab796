show_recompile_sequence("e20")


class Answer:
    @staticmethod
    def compiles():
        return 4


predicted_compiles = Answer.compiles()
