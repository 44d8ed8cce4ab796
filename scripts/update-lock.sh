#!/usr/bin/env bash
# Regenerate the lock files from pyproject.toml (the only command that changes pinned versions).
#   requirements.lock      runtime dependencies: .venv, the grader image, Gradescope's setup.sh
#   requirements-dev.lock  runtime + the `dev` extra (tests, otter, ruff), same versions as above
#   requirements-nbgrader.lock  nbgrader 0.9.6 for its own .venv-nbgrader (kept off the grading path)
# Both are universal (any platform, Python >= 3.12) and carry sha256 hashes, so `pip install
# --require-hashes` refuses anything else. Extra arguments go to both `uv pip compile` calls,
# e.g. `--upgrade-package numpy` to move one package, `--upgrade` to move everything.
set -euo pipefail
cd "$(dirname "$0")/.."
uv=.venv/bin/uv
[ -x "$uv" ] || { echo "update-lock: run ./scripts/bootstrap.sh first (it installs uv into .venv)" >&2; exit 1; }
common=(--generate-hashes --universal --python-version 3.12 --no-header --quiet)
"$uv" pip compile pyproject.toml "${common[@]}" -o requirements.lock "$@"
"$uv" pip compile pyproject.toml --extra dev -c requirements.lock "${common[@]}" -o requirements-dev.lock "$@"
echo "nbgrader==0.9.6" | "$uv" pip compile - "${common[@]}" -o requirements-nbgrader.lock "$@"
echo "update-lock: wrote requirements.lock, requirements-dev.lock and requirements-nbgrader.lock; run ./scripts/bootstrap.sh and the tests" >&2
