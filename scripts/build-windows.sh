#!/usr/bin/env bash
# Cross-builds Tianyuan for Windows on Linux, and packages it.
#
# Usage: scripts/build-windows.sh exe         the release build in target/windows/
#        scripts/build-windows.sh installer   also Tianyuan-Setup-VERSION.exe (NSIS) and the
#                                             portable Tianyuan-VERSION-windows-x86_64.zip
#
# Needs the Rust target (rustup target add x86_64-pc-windows-gnu), MinGW-w64
# (gcc-mingw-w64-x86-64: the linker, windres, strip), and for the installer nsis and zip;
# `make windows` / `make windows-installer` install them when missing.
#
# target/windows/ then holds:
#   tianyuan.exe, tianyuanw.exe      the program (console) and its windowed launcher, stripped
#   README.md, NOTICE-DroidSansFallback.txt
#   Tianyuan-Setup-VERSION.exe       the per-user installer (installer only)
#   Tianyuan-VERSION-windows-x86_64.zip  the same files to unpack and run (installer only)
set -euo pipefail
cd "$(dirname "$0")/.."

what=${1:-exe}
triple=x86_64-pc-windows-gnu
out=target/windows
CARGO=${CARGO:-cargo}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
[ -n "$version" ] || { echo "build-windows: no version in Cargo.toml" >&2; exit 1; }

say() { echo "build-windows: $*"; }

if ! rustup target list --installed 2>/dev/null | grep -qx "$triple"; then
    say "adding the Rust target $triple"
    rustup target add "$triple"
fi

start=$(date +%s)
# Release, the same features as on Linux; `windows-launcher` adds tianyuanw.exe.
"$CARGO" build --release --target "$triple" --features windows-launcher --bins
built=target/$triple/release
say "cargo build took $(($(date +%s) - start)) s"

mkdir -p "$out"
for exe in tianyuan.exe tianyuanw.exe; do
    x86_64-w64-mingw32-strip -o "$out/$exe" "$built/$exe"
done
cp README.md assets/fonts/NOTICE-DroidSansFallback.txt "$out/"
# The icon and version are Windows resources of the .exe (build.rs): refuse a build without.
x86_64-w64-mingw32-objdump -h "$out/tianyuan.exe" | grep -q '\.rsrc' \
    || { echo "build-windows: tianyuan.exe has no resources (is windres installed?)" >&2; exit 1; }
say "$out/tianyuan.exe $(du -h "$out/tianyuan.exe" | cut -f1), tianyuanw.exe $(du -h "$out/tianyuanw.exe" | cut -f1)"

[ "$what" = installer ] || exit 0

setup=Tianyuan-Setup-$version.exe
makensis -V2 -INPUTCHARSET UTF8 \
    -DVERSION="$version" -DDIST="$PWD/$out" -DOUTFILE="$PWD/$out/$setup" \
    -DICON="$PWD/packaging/windows/tianyuan.ico" packaging/windows/tianyuan.nsi
say "$out/$setup $(du -h "$out/$setup" | cut -f1)"

zipname=Tianyuan-$version-windows-x86_64.zip
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/Tianyuan-$version"
cp "$out/tianyuan.exe" "$out/tianyuanw.exe" "$out/README.md" "$out/NOTICE-DroidSansFallback.txt" \
    "$stage/Tianyuan-$version/"
rm -f "$out/$zipname"
(cd "$stage" && zip -q -9 -r "$OLDPWD/$out/$zipname" "Tianyuan-$version")
say "$out/$zipname $(du -h "$out/$zipname" | cut -f1)"
