"""The web floor's entry points that take the whole `Service`: the queries each page reads (quiz and
rubric pages, the student's quiz, item analysis, request threads and lists, extensions) and the
upload entry that owns the spool and intake's pool. Pages call these and the commands; they never
open a transaction themselves."""
