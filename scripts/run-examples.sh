#!/usr/bin/env bash
# The main job on the bundled examples: set up what grading needs (scripts/bootstrap.sh --grading; the
# tests' extras come with the full ./scripts/bootstrap.sh), then grade every submission in
# examples/submissions against the committed release assignments/2026-fall; `jaxgrade grade` prints
# the score table.
#   ./scripts/run-examples.sh [extra jaxgrade grade options, e.g. --jobs 2 --isolation rlimit]
# Results: out/examples/ (grades.csv, report.md, <student>/feedback.md, <student>/results.json).
# Exit code is jaxgrade grade's: 0 graded, 1 grader fault (rerun to retry), 2 bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/bootstrap.sh --grading

release=assignments/2026-fall
subs=examples/submissions
out=out/examples
if [ ! -f "$release/manifest.json" ]; then
  echo "run-examples: $release/manifest.json is missing; build it with: ./scripts/bootstrap.sh && .venv/bin/jaxgrade release --version 2026-fall (releasing needs the full set up: otter)" >&2
  exit 1
fi
if [ -z "$(find "$subs" -mindepth 1 -maxdepth 1 ! -name '.*' -print -quit 2>/dev/null)" ]; then
  echo "run-examples: no submissions in $subs" >&2
  exit 1
fi

echo "run-examples: grading $subs against $release into $out" >&2
exec .venv/bin/jaxgrade grade "$subs" --out "$out" --release "$release" "$@"
