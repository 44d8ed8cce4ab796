#!/usr/bin/env bash
# Build the jaxgrade grader image with podman, with no registry and no Docker engine:
#   1. install podman, runc and debootstrap when missing (needs root),
#   2. make a minimal Debian trixie root filesystem with debootstrap and import it as the base image,
#   3. build grader.Dockerfile on top of it, passing the host's CA bundle as a build secret
#      (HTTPS from inside the build may go through a re-signing proxy; the bundle is never baked in),
#      with the label org.jaxgrade.inputs = hash of every build input (base image id, Dockerfile,
#      .dockerignore, pyproject.toml, requirements.lock, scripts/run_autograder, autograder/, jaxcourse/, kernels/,
#      assignments/; caches and compiled files excluded).
# Storage stays under .containers/ in the checkout (override with JAXGRADE_CONTAINER_DIR).
#
#   build-image.sh [--if-changed]   --if-changed: keep the existing image when its label matches
#   build-image.sh --print-hash     only print the hash of the build inputs
#
# Prints "<image> <size in bytes> <inputs hash> built|reused" on the last line of stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
log() { echo "build-image: $*" >&2; }

STATE=${JAXGRADE_CONTAINER_DIR:-$PWD/.containers}
IMAGE=${JAXGRADE_IMAGE:-localhost/jaxgrade-grader:latest}
BASE=localhost/jaxgrade-base:trixie
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
BASE_VERSION=3  # bump to re-create the base (3: no apt lists/caches, docs, manuals, translations)
mode=build
case "${1:-}" in
  "") ;;
  --if-changed) mode=if-changed ;;
  --print-hash) mode=print-hash ;;
  *) log "usage: $0 [--if-changed|--print-hash]"; exit 2 ;;
esac

missing=()
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v runc >/dev/null 2>&1 || missing+=(runc)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing ${missing[*]}"
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null
  else
    log "missing ${missing[*]}: install them (Debian: apt-get install ${missing[*]}) and run again"; exit 1
  fi
fi

mkdir -p "$STATE"
# cgroup v1/hybrid hosts: runc + cgroupfs; explicit ulimits that fit under the host's hard limits
# (podman's defaults ask for more than some hosts allow and runc then refuses to start).
hard_nofile=$(ulimit -Hn); [ "$hard_nofile" = unlimited ] && hard_nofile=1048576
nofile=$(( hard_nofile < 4096 ? hard_nofile : 4096 ))
cat > "$STATE/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=${nofile}:${nofile}", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
export CONTAINERS_CONF="$STATE/containers.conf"
pm() { podman --root "$STATE/storage" --runroot "$STATE/run" "$@"; }

base_version=$(pm image inspect "$BASE" --format '{{index .Labels "org.jaxgrade.base"}}' 2>/dev/null || true)
if [ "$base_version" != "$BASE_VERSION" ]; then
  rootfs="$STATE/rootfs.$$"
  trap 'rm -rf "$rootfs"' EXIT
  log "debootstrap --variant=minbase trixie (about 20 s)"
  debootstrap --variant=minbase trixie "$rootfs" "$MIRROR" >"$STATE/debootstrap.log" 2>&1 \
    || { log "debootstrap failed, see $STATE/debootstrap.log"; exit 1; }
  # apt's package lists and caches (~90 MB), docs, manuals and translations would stay in the base
  # layer for good.
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  tar -C "$rootfs" -c . | pm import --change "LABEL org.jaxgrade.base=$BASE_VERSION" - "$BASE" >/dev/null
  rm -rf "$rootfs"
  trap - EXIT
fi

# Hash of everything the build reads (a change anywhere means a new image).
inputs_hash() {
  {
    pm image inspect "$BASE" --format '{{.Id}}'
    find grader.Dockerfile .dockerignore pyproject.toml requirements.lock scripts/run_autograder autograder jaxcourse kernels \
      assignments \( -name __pycache__ -o -name '*.pyc' -o -name '*.so' -o -name '*.egg-info' \) -prune \
      -o -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
  } | sha256sum | cut -c1-32
}
hash=$(inputs_hash)
if [ "$mode" = print-hash ]; then echo "$hash"; exit 0; fi
if [ "$mode" = if-changed ] && pm image exists "$IMAGE" \
   && [ "$(pm image inspect "$IMAGE" --format '{{index .Labels "org.jaxgrade.inputs"}}')" = "$hash" ]; then
  log "$IMAGE is up to date (inputs $hash)"
  echo "$IMAGE $(pm image inspect "$IMAGE" --format '{{.Size}}') $hash reused"
  exit 0
fi

ca=""
for f in "${SSL_CERT_FILE:-}" /etc/ssl/certs/ca-certificates.crt /etc/pki/tls/certs/ca-bundle.crt; do
  [ -n "$f" ] && [ -s "$f" ] && { ca=$f; break; }
done
secret=()
[ -n "$ca" ] && secret=(--secret "id=hostca,src=$ca")

log "building $IMAGE (about 2 minutes on a cold cache, seconds when only the project changed)"
old_id=$(pm image inspect "$IMAGE" --format '{{.Id}}' 2>/dev/null || true)
pm build -f grader.Dockerfile --build-arg "BASE_IMAGE=$BASE" "${secret[@]}" \
  --label "org.jaxgrade.inputs=$hash" -t "$IMAGE" . >&2
new_id=$(pm image inspect "$IMAGE" --format '{{.Id}}')
if [ -n "$old_id" ] && [ "$old_id" != "$new_id" ]; then
  pm rmi "$old_id" >/dev/null 2>&1 || true  # the previous build, now untagged (its cached layers stay)
fi
size=$(pm image inspect "$IMAGE" --format '{{.Size}}')
echo "$IMAGE $size $hash built"
