"""The chapter quizzes on the trusted side: the key (correct options, rubrics, model answers) read
from the masters, its checks, the grading key file of a release, and scoring (docs/quizzes.md)."""
