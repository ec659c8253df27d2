#!/usr/bin/env bash
# Builds Tianyuan.app and a .dmg on macOS. A recipe: it needs macOS (iconutil, codesign,
# hdiutil from the Xcode command line tools) and is not run on this repository's Debian CI.
#
# Usage, on a Mac with Rust, from the repository root:
#   packaging/macos/make-app.sh              the Mac's own architecture
#   packaging/macos/make-app.sh --universal  Apple silicon and Intel in one binary (lipo)
# Result: target/macos/Tianyuan.app and target/macos/Tianyuan-VERSION.dmg
#
# The bundle: Contents/MacOS/tianyuan (the [profile.dist] binary), Contents/Info.plist
# (packaging/macos/Info.plist with the version filled in: the .sgf document type and its
# imported type com.red-bean.sgf), Contents/Resources/tianyuan.icns (made from the committed
# hicolor PNGs). Signed ad hoc only: not notarised, so the first start is by right-click, Open.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ "$(uname -s)" = Darwin ] || { echo "make-app: run this on macOS" >&2; exit 1; }
version=$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)
out=target/macos
app=$out/Tianyuan.app

if [ "${1:-}" = --universal ]; then
    rustup target add aarch64-apple-darwin x86_64-apple-darwin
    for t in aarch64-apple-darwin x86_64-apple-darwin; do
        cargo build --profile dist --target "$t"
    done
    bin=$out/tianyuan-universal
    mkdir -p "$out"
    lipo -create -output "$bin" \
        target/aarch64-apple-darwin/dist/tianyuan target/x86_64-apple-darwin/dist/tianyuan
else
    cargo build --profile dist
    bin=target/dist/tianyuan
fi

rm -rf "$app"
mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
cp "$bin" "$app/Contents/MacOS/tianyuan"
sed "s/@VERSION@/$version/g" packaging/macos/Info.plist >"$app/Contents/Info.plist"
plutil -lint "$app/Contents/Info.plist"

# iconutil wants name@2x files; 512@2x (1024 px) is left out, macOS scales the 512.
iconset=$out/tianyuan.iconset
rm -rf "$iconset"
mkdir -p "$iconset"
png() { echo "assets/icons/hicolor/${1}x${1}/apps/tianyuan.png"; }
cp "$(png 16)" "$iconset/icon_16x16.png"
cp "$(png 32)" "$iconset/icon_16x16@2x.png"
cp "$(png 32)" "$iconset/icon_32x32.png"
cp "$(png 64)" "$iconset/icon_32x32@2x.png"
cp "$(png 128)" "$iconset/icon_128x128.png"
cp "$(png 256)" "$iconset/icon_128x128@2x.png"
cp "$(png 256)" "$iconset/icon_256x256.png"
cp "$(png 512)" "$iconset/icon_256x256@2x.png"
cp "$(png 512)" "$iconset/icon_512x512.png"
iconutil --convert icns --output "$app/Contents/Resources/tianyuan.icns" "$iconset"

codesign --force --sign - "$app"
dmg=$out/Tianyuan-$version.dmg
rm -f "$dmg"
hdiutil create -volname Tianyuan -srcfolder "$app" -ov -format UDZO "$dmg"
echo "make-app: $app and $dmg"
