#!/usr/bin/env bash
# Set up everything jaxgrade needs on a Debian-like host: Python >= 3.12 in .venv,
# the project with its dev extras, clang++ (FFI kernels) and bubblewrap (sandbox).
#   ./scripts/bootstrap.sh            everything: grading + what the tests need (the dev lock, Chromium,
#                                     CJK fonts, PostgreSQL, nbgrader's own .venv-nbgrader)
#   ./scripts/bootstrap.sh --grading  only what grading needs: clang++, bubblewrap and the runtime
#                                     requirements.lock (scripts/run-examples.sh; a newcomer's first grade
#                                     should not wait for a browser and the test tools, docs/performance.md)
# Idempotent: a second run only checks; the full set up satisfies --grading (the dev lock contains the
# runtime lock at the same versions, tests/test_lock.py). Prints what it does on stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
log() { echo "bootstrap: $*" >&2; }

grading_only=
case "${1:-}" in
  --grading) grading_only=1 ;;
  "") ;;
  *) log "unknown option: $1 (usage: scripts/bootstrap.sh [--grading])"; exit 2 ;;
esac

find_python() {
  local c
  for c in "${JAXGRADE_PYTHON:-}" /root/.pyenv/versions/3.13.0/bin/python3 python3.13 python3.12 python3; do
    [ -n "$c" ] || continue
    command -v "$c" >/dev/null 2>&1 || continue
    if "$c" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
      command -v "$c"; return 0
    fi
  done
  return 1
}

need_apt=()
command -v clang++ >/dev/null 2>&1 || need_apt+=(clang)
command -v bwrap >/dev/null 2>&1 || need_apt+=(bubblewrap)
# For the service tests: a real browser (chromium + its driver) and a throwaway PostgreSQL server.
# Only installed when we may (root with apt-get); elsewhere those tests skip and say why.
if [ -z "$grading_only" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || need_apt+=(postgresql)
  # Chinese text in the browser tests' screenshots (docs/screenshots/) instead of empty boxes.
  compgen -G "/usr/share/fonts/opentype/noto/NotoSansCJK*" >/dev/null || need_apt+=(fonts-noto-cjk)
  # npm: axe-core for the accessibility tests (tests/a11y/package-lock.json)
  command -v npm >/dev/null 2>&1 || need_apt+=(nodejs npm)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing Debian packages: ${need_apt[*]}"
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need_apt[@]}" >/dev/null
  else
    log "missing: ${need_apt[*]}. Install them (Debian/Ubuntu: sudo apt-get install ${need_apt[*]}) and run again."
    exit 1
  fi
fi

# axe-core at the version and hash of tests/a11y/package-lock.json, served to the pages by
# tests/test_accessibility.py from this checkout (no install scripts run).
if [ -z "$grading_only" ] && [ ! -f tests/a11y/node_modules/axe-core/axe.min.js ]; then
  if command -v npm >/dev/null 2>&1; then
    log "installing axe-core into tests/a11y/node_modules"
    (cd tests/a11y && npm ci --ignore-scripts --no-audit --no-fund >/dev/null)
  else
    log "npm missing: the accessibility tests will skip (install nodejs and npm, and run again)"
  fi
fi

if [ ! -x .venv/bin/python ]; then
  py=$(find_python) || { log "no Python >= 3.12 found; install python3.12 or python3.13 (or set JAXGRADE_PYTHON)"; exit 1; }
  log "creating .venv with $py"
  "$py" -m venv .venv
fi

# Dependencies come only from the hash-locked lock files: requirements-dev.lock for the full set up,
# requirements.lock (the image's, same versions) for --grading; the project itself is installed editable
# without resolving anything.
# To change a version: ./scripts/update-lock.sh (see its header), then run this script again.
stamp=.venv/.jaxgrade-installed
want=$(cat pyproject.toml requirements-dev.lock | sha256sum | cut -c1-16)
runtime_stamp=.venv/.jaxgrade-runtime-installed
runtime_want=$(cat pyproject.toml requirements.lock | sha256sum | cut -c1-16)
if [ -n "$grading_only" ]; then
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] && [ "$(cat "$runtime_stamp" 2>/dev/null)" != "$runtime_want" ]; then
    log "installing the locked runtime dependencies and the project into .venv (log: .venv/pip.log)"
    if ! { .venv/bin/python -m pip install --disable-pip-version-check --require-hashes --no-deps -r requirements.lock \
           && .venv/bin/python -m pip install --disable-pip-version-check --no-deps -e . \
           && .venv/bin/python -m pip check; } > .venv/pip.log 2>&1; then
      tail -n 30 .venv/pip.log >&2
      log "pip install failed; full log in .venv/pip.log"
      exit 1
    fi
    echo "$runtime_want" > "$runtime_stamp"
  fi
elif [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  log "installing the locked dependencies and the project into .venv (first run takes a few minutes; log: .venv/pip.log)"
  if ! { .venv/bin/python -m pip install --upgrade pip \
         && .venv/bin/python -m pip install --require-hashes --no-deps -r requirements-dev.lock \
         && .venv/bin/python -m pip install --no-deps -e . \
         && .venv/bin/python -m pip check; } > .venv/pip.log 2>&1; then
    tail -n 30 .venv/pip.log >&2
    log "pip install failed; full log in .venv/pip.log"
    exit 1
  fi
  echo "$want" > "$stamp"
fi
log "ready: $(.venv/bin/python --version), $(clang++ --version | head -n1)"

# nbgrader 0.9.6 in its own environment, .venv-nbgrader/: it pulls in rfc3987-syntax, which makes every
# `import nbformat` ~8x slower, so it must never be installed into the grading .venv. jaxgrade runs it
# only as a subprocess (autograder/nbgrader_bridge/). Skip with JAXGRADE_NO_NBGRADER=1.
if [ -z "$grading_only" ] && [ -z "${JAXGRADE_NO_NBGRADER:-}" ]; then
  nbg_stamp=.venv-nbgrader/.jaxgrade-installed
  nbg_want=$(sha256sum requirements-nbgrader.lock | cut -c1-16)
  if [ "$(cat "$nbg_stamp" 2>/dev/null)" != "$nbg_want" ]; then
    log "installing the locked nbgrader 0.9.6 into .venv-nbgrader (log: .venv-nbgrader.pip.log)"
    [ -x .venv-nbgrader/bin/python ] || "$(find_python)" -m venv .venv-nbgrader
    if ! .venv-nbgrader/bin/python -m pip install --require-hashes --no-deps -r requirements-nbgrader.lock \
        > .venv-nbgrader.pip.log 2>&1; then
      tail -n 20 .venv-nbgrader.pip.log >&2
      log "nbgrader install failed (only --nbgrader needs it); full log in .venv-nbgrader.pip.log"
      exit 1
    fi
    echo "$nbg_want" > "$nbg_stamp"
  fi
  log "nbgrader: .venv-nbgrader has $(.venv-nbgrader/bin/python -c 'import nbgrader; print(nbgrader.__version__)')"
fi
