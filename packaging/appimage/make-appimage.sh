#!/usr/bin/env bash
# Assembles the AppDir for an AppImage and, where appimagetool is installed, makes the
# AppImage. A recipe: appimagetool is no Debian package (it comes from the AppImage project's
# releases), so this repository's CI does not make AppImages.
#
# Usage, from the repository root, after `cargo build --profile dist`:
#   packaging/appimage/make-appimage.sh [APPIMAGETOOL]      (default: appimagetool on PATH)
# Result: target/appimage/Tianyuan.AppDir and target/appimage/Tianyuan-VERSION-ARCH.AppImage
#
# The AppImage holds only the binary: the fonts, voices and problems are compiled into it, and
# what it opens at run time (X11/Wayland, EGL/GL, ALSA, xkbcommon, D-Bus) must come from the
# host, as the AppImage project's exclude list says for graphics and sound libraries. The
# binary needs the glibc it was built against or newer: build on the oldest distribution
# you mean to support.
set -euo pipefail
cd "$(dirname "$0")/../.."

tool=${1:-appimagetool}
version=$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)
arch=$(uname -m)
bin=${CARGO_TARGET_DIR:-target}/dist/tianyuan
out=target/appimage
appdir=$out/Tianyuan.AppDir

[ -x "$bin" ] || { echo "make-appimage: build first: cargo build --profile dist" >&2; exit 1; }

rm -rf "$appdir"
install -Dm755 "$bin" "$appdir/usr/bin/tianyuan"
install -Dm644 packaging/linux/tianyuan.desktop "$appdir/usr/share/applications/tianyuan.desktop"
install -Dm644 packaging/linux/tianyuan.xml "$appdir/usr/share/mime/packages/tianyuan.xml"
for f in packaging/linux/*.metainfo.xml; do
    install -Dm644 "$f" "$appdir/usr/share/metainfo/$(basename "$f")"
done
install -Dm644 assets/icons/tianyuan.svg "$appdir/usr/share/icons/hicolor/scalable/apps/tianyuan.svg"
for dir in assets/icons/hicolor/*/apps; do
    size=$(basename "$(dirname "$dir")")
    install -Dm644 "$dir/tianyuan.png" "$appdir/usr/share/icons/hicolor/$size/apps/tianyuan.png"
done
# The AppDir's top level: the entry, the icon, and AppRun (the binary needs no environment).
cp packaging/linux/tianyuan.desktop "$appdir/tianyuan.desktop"
cp assets/icons/hicolor/256x256/apps/tianyuan.png "$appdir/tianyuan.png"
ln -s tianyuan.png "$appdir/.DirIcon"
ln -s usr/bin/tianyuan "$appdir/AppRun"
echo "make-appimage: $appdir assembled"

if ! command -v "$tool" >/dev/null; then
    echo "make-appimage: $tool not found; get appimagetool from the AppImage project and run:"
    echo "  ARCH=$arch $tool $appdir $out/Tianyuan-$version-$arch.AppImage"
    exit 0
fi
ARCH=$arch "$tool" "$appdir" "$out/Tianyuan-$version-$arch.AppImage"
echo "make-appimage: $out/Tianyuan-$version-$arch.AppImage"
