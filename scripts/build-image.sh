#!/usr/bin/env bash
# Build the jaxgrade grader image with podman, with no registry and no Docker engine:
#   1. install podman, runc and debootstrap when missing (needs root),
#   2. make a minimal Debian trixie root filesystem with debootstrap and import it as the base image,
#   3. build grader.Dockerfile on top of it, passing the host's CA bundle as a build secret
#      (HTTPS from inside the build may go through a re-signing proxy; the bundle is never baked in).
# Storage stays under .containers/ in the checkout (override with JAXGRADE_CONTAINER_DIR).
# Prints the image name and size on the last line.
set -euo pipefail
cd "$(dirname "$0")/.."
log() { echo "build-image: $*" >&2; }

STATE=${JAXGRADE_CONTAINER_DIR:-$PWD/.containers}
IMAGE=${JAXGRADE_IMAGE:-localhost/jaxgrade-grader:latest}
BASE=localhost/jaxgrade-base:trixie
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

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

if ! pm image exists "$BASE"; then
  rootfs="$STATE/rootfs.$$"
  trap 'rm -rf "$rootfs"' EXIT
  log "debootstrap --variant=minbase trixie (about 20 s)"
  debootstrap --variant=minbase trixie "$rootfs" "$MIRROR" >"$STATE/debootstrap.log" 2>&1 \
    || { log "debootstrap failed, see $STATE/debootstrap.log"; exit 1; }
  tar -C "$rootfs" -c . | pm import - "$BASE" >/dev/null
  rm -rf "$rootfs"
  trap - EXIT
fi

ca=""
for f in "${SSL_CERT_FILE:-}" /etc/ssl/certs/ca-certificates.crt /etc/pki/tls/certs/ca-bundle.crt; do
  [ -n "$f" ] && [ -s "$f" ] && { ca=$f; break; }
done
secret=()
[ -n "$ca" ] && secret=(--secret "id=hostca,src=$ca")

log "building $IMAGE (about 2 minutes on a cold cache)"
pm build -f grader.Dockerfile --build-arg "BASE_IMAGE=$BASE" "${secret[@]}" -t "$IMAGE" . >&2
size=$(pm image inspect "$IMAGE" --format '{{.Size}}')
echo "$IMAGE $size"
