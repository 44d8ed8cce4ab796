#!/usr/bin/env bash
# jaxgrade autograder setup: Gradescope runs it once, as root, when it builds the autograder image
# from the zip written by `jaxgrade bundle`; grader.Dockerfile runs the same phases, so every image
# build here exercises this script.
#
#   setup.sh [all|system|deps|project]      (default: all, in that order)
#
#   system   apt: clang (student FFI kernels), ca-certificates, and a Python >= 3.12 (see below)
#   deps     /opt/jaxgrade/venv with the runtime dependencies locked in $SRC/requirements.lock
#   project  $SRC -> /opt/jaxgrade/src (autograder/, jaxcourse/, kernels/, assignments/), on the
#            venv's path by a .pth file; $SRC/compile-cache/<name>/ (`jaxgrade bundle --compile-cache`)
#            -> /opt/jaxgrade/xla/<name>/ (root's, folders 0711, entries 0444; run_autograder points
#            JAXGRADE_COMPILE_CACHE_ROOT there); the sandbox uids; file permissions; a self-check
#
# $SRC is JAXGRADE_SOURCE, default /autograder/source (where Gradescope unpacks the zip):
#   setup.sh  run_autograder  pyproject.toml  requirements.lock  autograder/  jaxcourse/  kernels/  assignments/<version>/
#
# Python (JAXGRADE_PYTHON_SOURCE=auto|system|uv|deadsnakes, default auto):
#   Debian 13 (trixie), Ubuntu 24.04 (noble): the system python3 (3.13 / 3.12) and python3-venv.
#   Ubuntu 22.04 (jammy, python3 3.10): uv (from PyPI) installs a managed CPython 3.13 from the
#     python-build-standalone releases on GitHub into /opt/jaxgrade/python. `deadsnakes` instead adds
#     the deadsnakes PPA (Launchpad) and installs python3.13 + python3.13-venv with apt.
#   Tested: every grader image build runs the three phases on Debian trixie (system Python); the uv
#   path was run on trixie with JAXGRADE_PYTHON_SOURCE=uv up to the CPython download (GitHub is not
#   reachable from the test network). No Ubuntu image was available to test jammy/noble directly.
#   clang: whatever the distribution ships (clang 19 on trixie, 18 on noble, 14 on jammy); kernels
#   are compiled with -std=c++17, which all of them support.
#
# Permissions (the sandbox's "rlimit" mode rests on them): the child runs as one of the sandbox uids
# (RunSettings.uids, users jaxgrade-sb-<n>) and must not read the grader's checks
# (autograder/exercises), the release folders, $SRC, or anything else of autograder/ except
# autograder/__init__.py, autograder/sandbox/launcher.py and autograder/sandboxed/. It still reads
# jaxcourse/, kernels/ and the venv. The self-check at the end tries both as a sandbox uid.
#
# Environment: PIP_CERT / PIP_INDEX_URL are honoured (pip reads them); JAXGRADE_SLIM=1 also removes
# test suites bundled in site-packages and apt caches (grader.Dockerfile sets it).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8

SRC=${JAXGRADE_SOURCE:-/autograder/source}
PYTHON_SOURCE=${JAXGRADE_PYTHON_SOURCE:-auto}  # Gradescope passes no environment: edit this default there
PREFIX=/opt/jaxgrade
VENV=$PREFIX/venv
DEST=$PREFIX/src
XLA_ROOT=$PREFIX/xla  # the trusted compile cache; run_autograder knows the same path
PY_WANT=3.13
PY_MIN_CHECK='import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)'
log() { echo "jaxgrade-setup: $*" >&2; }
die() { log "error: $*"; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root (Gradescope does)"

apt_install() {
  apt-get install -y -q --no-install-recommends "$@" >/dev/null
}

apt_clean() {
  apt-get clean
  rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
}

system_python_ok() {
  command -v python3 >/dev/null 2>&1 && python3 -c "$PY_MIN_CHECK" 2>/dev/null
}

# The interpreter the venv is made from (printed), for the deps phase.
base_python() {
  local p
  for p in "$PREFIX/python/bin/python$PY_WANT" "$(command -v "python$PY_WANT" 2>/dev/null || true)" \
           "$(command -v python3 2>/dev/null || true)"; do
    [ -n "$p" ] && [ -x "$p" ] && "$p" -c "$PY_MIN_CHECK" 2>/dev/null && { echo "$p"; return 0; }
  done
  return 1
}

phase_system() {
  log "apt: clang, ca-certificates, Python"
  if [ "${JAXGRADE_SLIM:-0}" = 1 ]; then  # no manuals, docs or translations in the image
    # nor the parts of clang's dependencies a kernel build never loads: libclang's C API (clang itself
    # uses libclang-cpp) and the sanitizer runtimes (kernels are built without -fsanitize).
    printf '%s\n' 'path-exclude=/usr/share/doc/*' 'path-include=/usr/share/doc/*/copyright' \
      'path-exclude=/usr/share/man/*' 'path-exclude=/usr/share/info/*' 'path-exclude=/usr/share/locale/*' \
      'path-exclude=/usr/lib/*/libclang-[0-9]*.so*' 'path-exclude=/usr/lib/*/lib*san.so*' \
      'path-exclude=/usr/lib/gcc/*/*/lib*san*' > /etc/dpkg/dpkg.cfg.d/jaxgrade-slim
  fi
  apt-get update -q >/dev/null
  apt_install ca-certificates clang
  local how=$PYTHON_SOURCE
  if [ "$how" = auto ]; then
    apt_install python3 python3-venv || true
    if system_python_ok; then how=system; else how=uv; fi
  fi
  case "$how" in
    system)
      apt_install python3 python3-venv
      system_python_ok || die "system python3 is $(python3 -V 2>&1); need >= 3.12 (try JAXGRADE_PYTHON_SOURCE=uv)"
      ;;
    uv)
      log "system python3 is too old: installing CPython $PY_WANT with uv into $PREFIX/python"
      apt_install python3 python3-pip
      PIP_ROOT_USER_ACTION=ignore python3 -m pip install -q --no-cache-dir --target "$PREFIX/uv" uv
      UV_PYTHON_INSTALL_DIR="$PREFIX/python-store" "$PREFIX/uv/bin/uv" python install "$PY_WANT" >&2
      local exe
      exe=$(UV_PYTHON_INSTALL_DIR="$PREFIX/python-store" "$PREFIX/uv/bin/uv" python find "$PY_WANT")
      ln -sfn "$(dirname "$(dirname "$exe")")" "$PREFIX/python"
      rm -rf "$PREFIX/uv"
      ;;
    deadsnakes)
      apt_install software-properties-common gpg-agent
      add-apt-repository -y ppa:deadsnakes/ppa >/dev/null
      apt-get update -q >/dev/null
      apt_install "python$PY_WANT" "python$PY_WANT-venv"
      ;;
    *) die "JAXGRADE_PYTHON_SOURCE=$how: expected auto, system, uv or deadsnakes" ;;
  esac
  command -v clang++ >/dev/null || die "clang++ missing after apt-get install clang"
  if [ "${JAXGRADE_SLIM:-0}" = 1 ]; then apt_clean; fi
  log "Python: $("$(base_python)" -V), $(clang++ --version | head -n1)"
}

phase_deps() {
  local py
  py=$(base_python) || die "no Python >= 3.12 (run the system phase first)"
  [ -f "$SRC/requirements.lock" ] || die "$SRC/requirements.lock is missing"
  log "venv $VENV from $py"
  "$py" -m venv "$VENV"
  # The runtime dependencies exactly as locked (versions and sha256 hashes), the same as .venv's,
  # so a grade cannot drift because a dependency released a new version mid-semester.
  log "pip install --require-hashes -r requirements.lock"
  # pip compiles .pyc files: the venv is read-only when grading, and a child that had to compile
  # jax's modules on every start would be seconds slower.
  "$VENV/bin/pip" install -q --no-cache-dir --disable-pip-version-check --require-hashes --no-deps \
    -r "$SRC/requirements.lock"
  if [ "${JAXGRADE_SLIM:-0}" = 1 ]; then
    local site
    site=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    # Bundled test suites are never imported when grading.
    find "$site/scipy" "$site/numpy" -depth -type d -name tests -exec rm -rf {} +
    "$VENV/bin/pip" uninstall -q -y pip >/dev/null
  fi
}

SANDBOX_UIDS_FALLBACK="$(seq -s ' ' 65000 65063)"  # RunSettings.uids when it cannot be imported

sandbox_uids() {
  "$VENV/bin/python" -c 'from autograder.grade.run import RunSettings; print(*RunSettings().uids)' \
    2>/dev/null || { log "warning: RunSettings not importable, sandbox uids $SANDBOX_UIDS_FALLBACK"; \
                     echo "$SANDBOX_UIDS_FALLBACK"; }
}

phase_project() {
  [ -x "$VENV/bin/python" ] || die "no venv at $VENV (run the deps phase first)"
  local item
  for item in pyproject.toml requirements.lock autograder jaxcourse kernels assignments; do
    [ -e "$SRC/$item" ] || die "$SRC/$item is missing"
  done
  if [ "$(realpath "$SRC")" != "$(realpath -m "$DEST")" ]; then
    rm -rf "$DEST"
    mkdir -p "$DEST"
    for item in pyproject.toml requirements.lock autograder jaxcourse kernels assignments; do
      cp -a "$SRC/$item" "$DEST/$item"
    done
  fi
  find "$DEST" \( -name __pycache__ -o -name '*.so' -o -name '*.egg-info' -o -name build \) -prune \
    -exec rm -rf {} +
  local site
  site=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  echo "$DEST" > "$site/jaxgrade.pth"
  cat > "$VENV/bin/jaxgrade" <<EOF
#!$VENV/bin/python -P
import sys
from autograder.cli import main
sys.exit(main())
EOF
  chmod 0755 "$VENV/bin/jaxgrade"
  "$VENV/bin/python" -m compileall -q "$DEST/autograder" "$DEST/jaxcourse" >/dev/null
  if [ -d "$SRC/compile-cache" ]; then
    # made by the instructor's `jaxgrade warm-cache` (trusted); grading uses it only on the same CPU
    local cached
    cached=$("$VENV/bin/python" -P -c 'import sys; from pathlib import Path
from autograder.bundle import install_compile_cache
print(*install_compile_cache(Path(sys.argv[1]), Path(sys.argv[2])))' "$SRC/compile-cache" "$XLA_ROOT") \
      || die "cannot install the compile cache from $SRC/compile-cache"
    log "compile cache -> $XLA_ROOT: $cached"
  fi

  log "sandbox users"
  local uid
  for uid in $(sandbox_uids); do
    getent group "$uid" >/dev/null || groupadd -K GID_MAX=65533 --gid "$uid" "jaxgrade-sb-$uid"
    getent passwd "$uid" >/dev/null || useradd -K UID_MAX=65533 --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin --uid "$uid" --gid "$uid" "jaxgrade-sb-$uid"
  done

  log "permissions"
  # (Never chown/chmod the venv here: in an image layer that would copy all of it again.)
  chown -R root:root "$DEST"
  chmod -R go-w "$DEST"
  # Default deny under autograder/, then open exactly what a sandboxed child may read.
  chmod -R go-rwx "$DEST/autograder" "$DEST/assignments"
  chmod 0755 "$DEST/autograder"  # listable: Python's importer lists a package folder before it imports from it
  chmod 0711 "$DEST/autograder/sandbox"  # search only: the launcher is reached by name, the package is not listed
  chmod 0644 "$DEST/autograder/__init__.py" "$DEST/autograder/sandbox/launcher.py"
  find "$DEST/autograder/sandboxed" -type d -exec chmod 0755 {} +
  find "$DEST/autograder/sandboxed" -type f -exec chmod 0644 {} +
  chmod 0755 "$DEST" "$PREFIX"
  # Gradescope: the unpacked zip and the per-run folders belong to the grader alone
  # (run_autograder tightens submission/ and results/ again, the harness makes them per run).
  mkdir -p /autograder/submission /autograder/results
  chmod 0700 /autograder/submission /autograder/results
  if [ "$(realpath "$SRC")" != "$(realpath "$DEST")" ] && [ -d "$SRC" ]; then
    chown -R root:root "$SRC" && chmod 0700 "$SRC"
  fi
  shared_tmp_private
  if [ -f "$SRC/run_autograder" ] && [ "$(realpath "$SRC/run_autograder")" != /autograder/run_autograder ]; then
    install -m 0755 "$SRC/run_autograder" /autograder/run_autograder
  fi
  self_check
}

# The folders every uid may write to (1777 on Gradescope's images) become 0755, as in grader.Dockerfile:
# a sandboxed child writes only to its own scratch folder (TMPDIR points there), never to a folder it
# shares with another job or that outlives it. run_autograder repeats this at grading time, where
# /tmp or /dev/shm may be fresh mounts.
shared_tmp_private() {
  local d
  for d in /tmp /var/tmp /dev/shm; do
    if [ -d "$d" ] && [ ! -L "$d" ]; then chmod 0755 "$d" || log "warning: cannot chmod 0755 $d"; fi
  done
}

# As a sandbox uid: the grader's checks and releases are unreadable; the child's side works.
self_check() {
  local uid
  uid=$(sandbox_uids | cut -d' ' -f1)
  "$VENV/bin/python" - "$uid" "$DEST" "$SRC" "$XLA_ROOT" <<'PY'
import os, subprocess, sys
uid, dest, src, xla = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
hidden = [f"{dest}/autograder/exercises/__init__.py", f"{dest}/autograder/grade/run/submission.py",
          f"{dest}/assignments", "/autograder/results", "/autograder/submission"]
if os.path.realpath(src) != os.path.realpath(dest):
    hidden.append(src)
# the compile cache: entries are opened by name, its folders must never be listed
unlistable = [xla, *(os.path.join(xla, n) for n in os.listdir(xla))] if os.path.isdir(xla) else []
probe = f"""
import os, sys
sys.path.insert(0, {dest!r})
leaks = [p for p in {hidden!r} if os.access(p, os.R_OK) or (os.path.isdir(p) and os.access(p, os.X_OK))]
leaks += [p for p in {unlistable!r} if os.access(p, os.R_OK)]
for p in leaks: print("readable by the sandbox uid:", p)
import jax, jax.numpy as jnp, numpy, scipy.special, IPython
import autograder.sandboxed.observe, jaxcourse
assert float(jnp.sum(jnp.ones(3))) == 3.0
try:  # exercises/ may still import as an empty namespace package: its modules must not
    from autograder.exercises import histogram
    print("autograder.exercises.histogram imports as the sandbox uid")
    leaks.append("import")
except (ImportError, PermissionError):
    pass
sys.exit(1 if leaks else 0)
"""
def drop():
    os.setgroups([]); os.setresgid(uid, uid, uid); os.setresuid(uid, uid, uid)
env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "JAX_PLATFORMS": "cpu", "LANG": "C.UTF-8"}
r = subprocess.run([sys.executable, "-c", probe], preexec_fn=drop, env=env, cwd="/", text=True,
                   capture_output=True, timeout=300)
sys.stderr.write(r.stdout + r.stderr[-3000:])
sys.exit(r.returncode)
PY
  log "self-check passed: uid $uid cannot read the grader's files and can run JAX"
}

main() {
  local what=${1:-all}
  case "$what" in
    all) phase_system; phase_deps; phase_project ;;
    system) phase_system ;;
    deps) phase_deps ;;
    project) phase_project ;;
    *) die "usage: setup.sh [all|system|deps|project]" ;;
  esac
}

main "$@"
