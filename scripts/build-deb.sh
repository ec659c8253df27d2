#!/usr/bin/env bash
# Builds the Debian package from a binary that is already built, and reports the sizes.
#
# Usage: scripts/build-deb.sh PROFILE [OUT_DIR]     (from the repo root)
#   PROFILE  the Cargo profile whose binary is packaged: dist for `make deb`, release on CI
#   OUT_DIR  where the .deb goes (default target/debian); older tianyuan_*.deb there are removed
#            so that `apt-get install ./tianyuan_*.deb` finds exactly one
#
# Installs cargo-deb with `cargo install --locked` when it is missing. Validates the desktop
# entry and the AppStream metainfo first (desktop-file-validate, appstreamcli), since a
# package with a broken entry would install but never show in the menu.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${1:?usage: build-deb.sh PROFILE [OUT_DIR]}
out=${2:-target/debian}
target_dir=${CARGO_TARGET_DIR:-target}
bin=$target_dir/$profile/tianyuan

die() { echo "build-deb: $*" >&2; exit 1; }

[ -x "$bin" ] || die "$bin is missing: build it first (cargo build --profile $profile)"
for tool in desktop-file-validate appstreamcli dpkg-shlibdeps dpkg-deb; do
    command -v "$tool" >/dev/null || die "$tool is not installed (make deb installs it)"
done

desktop-file-validate packaging/linux/tianyuan.desktop
appstreamcli validate --no-net packaging/linux/*.metainfo.xml

if ! command -v cargo-deb >/dev/null; then
    echo "build-deb: installing cargo-deb (cargo install --locked cargo-deb)"
    cargo install --locked cargo-deb
fi

mkdir -p "$out"
rm -f "$out"/tianyuan_*.deb
cargo deb --no-build --profile "$profile" --output "$out"

debs=("$out"/tianyuan_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || die "expected one package in $out, found: ${debs[*]}"
deb=${debs[0]}

kib() { echo "$(( ($1 + 1023) / 1024 )) KiB"; }
echo "build-deb: binary $bin: $(kib "$(stat -c %s "$bin")")"
packaged=$(dpkg-deb --fsys-tarfile "$deb" | tar -tv | awk '$NF == "./usr/bin/tianyuan" { print $3 }')
echo "build-deb: binary in the package (stripped): $(kib "${packaged:-0}")"
echo "build-deb: package $deb: $(kib "$(stat -c %s "$deb")"), installed size $(dpkg-deb -f "$deb" Installed-Size) KiB"
echo "build-deb: Depends: $(dpkg-deb -f "$deb" Depends)"
