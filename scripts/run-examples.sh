#!/usr/bin/env bash
# The main job on the bundled examples: set up (scripts/bootstrap.sh), then grade every submission in
# examples/submissions against the committed release and print the score table.
#   ./scripts/run-examples.sh [extra jaxgrade grade options, e.g. --jobs 2 --isolation rlimit]
# Results: out/examples/ (grades.csv, report.md, <student>/feedback.md, <student>/results.json).
# While examples/submissions/ is still empty it instead re-releases the masters into a temporary
# folder with --verify-run (every released notebook executed in a real kernel) and says so.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/bootstrap.sh

release=assignments/2026-fall
subs=examples/submissions
out=out/examples
if [ ! -f "$release/manifest.json" ]; then
  echo "run-examples: $release/manifest.json is missing; build it with: .venv/bin/jaxgrade release --version 2026-fall" >&2
  exit 1
fi

if [ -n "$(find "$subs" -mindepth 1 -maxdepth 1 ! -name '.*' -print -quit 2>/dev/null)" ]; then
  echo "run-examples: grading $subs against $release into $out" >&2
  exec .venv/bin/jaxgrade grade "$subs" --out "$out" --release "$release" "$@"
fi

echo "run-examples: no submissions in $subs yet; checking the release instead (jaxgrade release --verify-run)" >&2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
.venv/bin/jaxgrade release --version 2026-fall --out "$tmp" --verify-run
if ! diff -r -q "$tmp/2026-fall" "$release"; then
  echo "run-examples: $release differs from a fresh release of solutions/; regenerate it with --force" >&2
  exit 1
fi
echo "run-examples: $release is current and its notebooks pass the kernel run" >&2
