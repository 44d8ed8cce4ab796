"""LMS bulk downloads in (`jaxgrade grade --layout canvas|moodle|flat`) and gradebook files out.

- `names`: parse the file and folder names Canvas and Moodle give a bulk download (never guessed);
- `layouts`: scan a download (zip or folder) into items (LMS user id, original name, late marker);
- `mapping`: map LMS user ids to the course's student ids through the roster;
- `stage`: write the mapped files, bounded, as a plain SUBMISSIONS folder (`<student_id>/<file>`)
  that the batch grades like any other;
- `export`: `canvas.csv` / `moodle.csv` from plain (student, score) rows.
"""
