#!/usr/bin/env bash
# Renders the raster icons from their one source, assets/icons/tianyuan.svg.
#
# Usage: scripts/render-icons.sh        (from the repo root; then commit what changed)
#
# The PNGs and the Windows .ico are committed, made once by this script, so that `make deb`
# and the Windows/macOS/AppImage recipes need no SVG renderer. Run it again after editing
# the SVG. Needs rsvg-convert (Debian: librsvg2-bin) and ImageMagick's convert (imagemagick).
#   assets/icons/hicolor/NxN/apps/tianyuan.png   the freedesktop hicolor sizes (.deb, AppImage,
#                                                 macOS iconset, the window icon at 64)
#   packaging/windows/tianyuan.ico               16-256 px for the installer and the .exe
set -euo pipefail
cd "$(dirname "$0")/.."

svg=assets/icons/tianyuan.svg
sizes=(16 22 24 32 48 64 128 256 512)
ico_sizes=(16 24 32 48 64 128 256)

bash scripts/ensure-packages.sh librsvg2-bin imagemagick
for tool in rsvg-convert convert; do
    command -v "$tool" >/dev/null || { echo "render-icons: $tool is not installed" >&2; exit 1; }
done

for n in "${sizes[@]}"; do
    dir=assets/icons/hicolor/${n}x${n}/apps
    mkdir -p "$dir"
    rsvg-convert --width "$n" --height "$n" --format png "$svg" --output "$dir/tianyuan.png"
done

ico_inputs=()
for n in "${ico_sizes[@]}"; do
    ico_inputs+=("assets/icons/hicolor/${n}x${n}/apps/tianyuan.png")
done
mkdir -p packaging/windows
convert "${ico_inputs[@]}" packaging/windows/tianyuan.ico
echo "render-icons: ${#sizes[@]} PNGs under assets/icons/hicolor and packaging/windows/tianyuan.ico"
