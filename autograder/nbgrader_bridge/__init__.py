"""nbgrader as a course's input and output: release to an nbgrader course, grade its `submitted/`
folder and write the scores back into its gradebook (nbgrader itself runs in its own environment,
nbgrader_side.py)."""
