#!/usr/bin/env bash
# Writes the published digest of every base and service image into Dockerfile and
# docker-compose.yml (replacing the digest after each tag, placeholder or older pin). Needs a
# Docker engine with buildx (docker buildx imagetools inspect); review the diff, then commit it.
set -euo pipefail
cd "$(dirname "$0")/.."
for file in Dockerfile docker-compose.yml; do
  for ref in $(grep -oE '(FROM|image:) +[^ ]+@sha256:[0-9a-f]{64}' "$file" | awk '{print $2}'); do
    tag="${ref%@*}"
    digest="$(docker buildx imagetools inspect "$tag" --format '{{json .Manifest.Digest}}' | tr -d '"')"
    [[ "$digest" =~ ^sha256:[0-9a-f]{64}$ ]] || { echo "no digest for $tag" >&2; exit 1; }
    sed -i "s|${ref}|${tag}@${digest}|" "$file"
    echo "$file: $tag@$digest"
  done
done
