#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are not installed yet.
# Idempotent: prints nothing and changes nothing when all are present.
# Uses sudo when not root. On a system without apt-get it says what to install and carries on.
set -euo pipefail
missing=()
for pkg in "$@"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-packages: apt-get not found; please install: ${missing[*]}" >&2
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "ensure-packages: not root and no sudo; please install: ${missing[*]}" >&2
    exit 1
  fi
fi
echo "ensure-packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
