#!/usr/bin/env bash
# `npm run image [-- --postgres]`: builds the tsnacos container image with podman, from Debian packages only.
#   1. a base root filesystem: `mmdebstrap trixie` with nodejs, kept in .cache/image/ (made once, about
#      a minute and a half; delete the tarball to make it again) and imported as localhost/tsnacos-base:trixie
#   2. the release tree (`npm run release`, which builds what changed)
#   3. localhost/tsnacos:<version> and :latest from deploy/container/Containerfile
#   --postgres also builds localhost/tsnacos-postgres:latest (Debian's postgresql) for the cluster pod.
#   --no-build takes packages/server/dist and packages/web/dist as they are (`npm run build` made them).
# Needs root (or a podman set up for your user) and the Debian packages podman, runc and mmdebstrap.
set -euo pipefail
cd "$(dirname "$0")/.."

with_postgres=false
release_args=()
for arg in "$@"; do
  case "$arg" in
    --postgres) with_postgres=true ;;
    --no-build) release_args+=(--no-build) ;;
    *)
      echo "unknown option: $arg (known: --postgres, --no-build)" >&2
      exit 2
      ;;
  esac
done

for cmd in podman mmdebstrap; do
  command -v "$cmd" >/dev/null || {
    echo "$cmd is not installed (Debian: apt-get install podman runc mmdebstrap)" >&2
    exit 1
  }
done

CACHE=.cache/image
BASE_PACKAGES=nodejs,ca-certificates
BASE_TAR=$CACHE/base-trixie-${BASE_PACKAGES//,/-}.tar
BASE_IMAGE=localhost/tsnacos-base:trixie
VERSION=$(node -p "require('./packages/server/package.json').version")
mkdir -p "$CACHE"

if [ ! -s "$BASE_TAR" ]; then
  echo "making the base root filesystem (mmdebstrap trixie: $BASE_PACKAGES)..."
  # mmdebstrap picks the output format by the name's ending: .tar
  part=${BASE_TAR%.tar}.part.tar
  rm -rf "$part" "$BASE_TAR"
  mmdebstrap --quiet --variant=minbase --include="$BASE_PACKAGES" trixie "$part"
  mv "$part" "$BASE_TAR"
  podman rmi --force "$BASE_IMAGE" >/dev/null 2>&1 || true
fi
if ! podman image exists "$BASE_IMAGE"; then
  podman import --quiet --change 'CMD ["/bin/bash"]' "$BASE_TAR" "$BASE_IMAGE" >/dev/null
fi

# builds image $1 from Containerfile $2 and context $3, then drops the image it replaced (unless in use)
build() {
  local name=$1 old
  old=$(podman image inspect --format '{{.Id}}' "$name" 2>/dev/null || true)
  # docker format: OCI images have no HEALTHCHECK
  podman build --quiet --format docker --build-arg BASE="$BASE_IMAGE" -f "$2" -t "$name" "${@:4}" "$3" >/dev/null
  if [ -n "$old" ] && [ "$old" != "$(podman image inspect --format '{{.Id}}' "$name")" ]; then
    podman rmi "$old" >/dev/null 2>&1 || true
  fi
  echo "built $name"
}

node scripts/release.mjs "${release_args[@]}" --out "$CACHE/context/tsnacos"
build localhost/tsnacos:latest deploy/container/Containerfile "$CACHE/context" -t "localhost/tsnacos:$VERSION"
if $with_postgres; then
  build localhost/tsnacos-postgres:latest deploy/container/Containerfile.postgres deploy/container
fi
