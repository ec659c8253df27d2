#!/usr/bin/env bash
# Installs the built .deb as a user would, runs the installed program, and removes it cleanly.
#
# Usage: scripts/test-deb.sh DEB_DIR      (DEB_DIR holds exactly one tianyuan_*.deb)
#
# Runs as root (CI) or with sudo. Needs: apt-get, Xvfb, gio (libglib2.0-bin), xdotool,
# desktop-file-validate, appstreamcli, dpkg-architecture (dpkg-dev); `make deb-test` installs
# them. Idempotent: a tianyuan package installed before is removed first, and whatever
# happens the package this run installed is purged and the X server it started is stopped.
#
# In order:
#  1. `apt-get install ./tianyuan_*.deb` (apt resolves the run-time libraries from Depends);
#  2. the installed files: binary, desktop entry, MIME package, metainfo, icons (validated);
#  3. every shared library the binary names (linked or opened at run time) belongs to a
#     package in Depends, so a fresh machine gets it;
#  4. the desktop database offers tianyuan.desktop for SGF, and the MIME database recognises
#     records by name and by content (the system alone misses files beginning (;GM[1]);
#  5. as a new user (nobody, an empty home, a clean environment): `tianyuan --version`, a GTP
#     session, `--screenshot` under Xvfb (with and without a record), and the desktop entry
#     launched on a record as a double-click would, until its window shows;
#  6. `apt-get purge`: no file of the package is left, and the MIME and desktop databases
#     no longer know it.
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin"

dir=${1:?usage: test-deb.sh DEB_DIR}
passed=0
work=""
xvfb_pid=""
app_pid=""
installed_by_us=0

say() { echo "test-deb: $*"; }
pass() {
    passed=$((passed + 1))
    say "ok - $*"
}
fail() {
    echo "test-deb: FAILED: $*" >&2
    echo "test-deb: $passed passed, 1 failed"
    exit 1
}
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
is_installed() {
    grep -q "install ok installed" <<<"$(dpkg-query -W -f='${Status}' tianyuan 2>/dev/null)"
}
purge() {
    as_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q tianyuan
}
cleanup() {
    [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    if [ "$installed_by_us" = 1 ] && is_installed; then
        purge >/dev/null 2>&1 || true
    fi
    [ -n "$work" ] && rm -rf "$work"
}
trap cleanup EXIT

for tool in apt-get dpkg-deb dpkg-architecture ldconfig Xvfb gio xdotool setpriv \
    desktop-file-validate appstreamcli; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (make deb-test installs it)"
done

debs=("$dir"/tianyuan_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one tianyuan_*.deb in $dir"

# A folder apt's unprivileged downloader can read, and the new user's empty home inside it.
work=$(mktemp -d)
chmod 755 "$work"
cp "${debs[0]}" "$work/"
home=$work/home
mkdir -p "$home/run"
chmod 700 "$home/run"

# ---- 1. install -------------------------------------------------------------------------
if is_installed; then
    say "a tianyuan package is installed already: removing it first"
    purge
fi
install_deb() {
    (cd "$work" && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./tianyuan_*.deb)
}
installed_by_us=1
if ! install_deb; then
    say "apt-get install failed; updating the package lists and trying again"
    as_root apt-get update -qq
    install_deb || fail "apt-get install ./tianyuan_*.deb"
fi
is_installed || fail "dpkg does not list tianyuan as installed"
dpkg -L tianyuan >"$work/files.txt"
pass "apt-get install ./$(basename "${debs[0]}")"

# ---- 2. installed files -----------------------------------------------------------------
[ "$(command -v tianyuan)" = /usr/bin/tianyuan ] || fail "tianyuan is not /usr/bin/tianyuan"
for f in /usr/share/applications/tianyuan.desktop /usr/share/mime/packages/tianyuan.xml \
    /usr/share/icons/hicolor/scalable/apps/tianyuan.svg /usr/share/doc/tianyuan/copyright; do
    [ -f "$f" ] || fail "$f is missing"
done
for n in 16 22 24 32 48 64 128 256 512; do
    [ -f "/usr/share/icons/hicolor/${n}x${n}/apps/tianyuan.png" ] || fail "icon ${n}x${n} is missing"
done
metainfo=(/usr/share/metainfo/*tianyuan*.metainfo.xml)
[ -f "${metainfo[0]}" ] || fail "no /usr/share/metainfo/*tianyuan*.metainfo.xml"
grep -q '^Exec=tianyuan %f$' /usr/share/applications/tianyuan.desktop || fail "Exec line"
grep -q '^MimeType=application/x-go-sgf;$' /usr/share/applications/tianyuan.desktop || fail "MimeType line"
desktop-file-validate /usr/share/applications/tianyuan.desktop || fail "desktop-file-validate"
appstreamcli validate --no-net "${metainfo[0]}" || fail "appstreamcli validate"
pass "installed files in place; desktop-file-validate and appstreamcli validate pass"

# ---- 3. run-time libraries --------------------------------------------------------------
! grep -q "not found" <<<"$(ldd /usr/bin/tianyuan)" || fail "ldd: $(ldd /usr/bin/tianyuan | grep 'not found')"
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
depends=$(dpkg-query -W -f='${Depends}' tianyuan | tr ',|' '\n\n' | sed 's/(.*//; s/:.*//; s/ //g')
owner_of() { # the package that ships a library file (usrmerge: try both spellings)
    local p=$1 alt o q
    case $p in /usr/*) alt=${p#/usr} ;; *) alt=/usr$p ;; esac
    for q in "$p" "$alt" "$(readlink -f "$p")"; do
        o=$(dpkg -S "$q" 2>/dev/null | grep -v '^diversion' | head -1 | cut -d: -f1) || true
        [ -n "$o" ] && echo "$o" && return 0
    done
    return 1
}
libs=0
for so in $(grep -aoE 'lib[A-Za-z0-9_+-]{1,30}\.so\.[0-9]+' /usr/bin/tianyuan | sort -u); do
    # awk reads to the end: an early exit would kill ldconfig with SIGPIPE under pipefail.
    path=$(ldconfig -p | awk -v so="$so" -v dir="/$multiarch/" '!found && $1 == so && index($NF, dir) { print $NF; found = 1 }')
    [ -n "$path" ] || fail "the binary names $so, which no installed package provides"
    owner=$(owner_of "$path") || fail "no package owns $path ($so)"
    grep -qx "$owner" <<<"$depends" || fail "the binary names $so from $owner, which is not in Depends"
    libs=$((libs + 1))
done
[ "$libs" -ge 10 ] || fail "only $libs libraries named in the binary: is it the real one?"
pass "each of the $libs libraries the binary loads comes from a package in Depends"

# ---- 4. desktop and MIME databases ------------------------------------------------------
cat >"$home/game.sgf" <<'EOF'
(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7]RU[Chinese]PB[Black]PW[White]
;B[ee];W[cc];B[gc];W[cg];B[ge];W[eg])
EOF
printf '(;GM[1]FF[4]SZ[19];B[pd];W[dp])\n' >"$home/record-gm-first"
printf '(;FF[4]GM[1]SZ[19];B[pd];W[dp])\n' >"$home/record-ff-first"
printf 'Go is a board game.\n' >"$home/notes"
chown -R nobody:nogroup "$home" 2>/dev/null || true

if [ "$(id -u)" -eq 0 ]; then
    as_user() { setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" --clear-groups \
        env -i HOME="$home" PATH=/usr/bin:/bin LANG=C.UTF-8 XDG_RUNTIME_DIR="$home/run" \
        ${DISPLAY_FOR_USER:+DISPLAY=$DISPLAY_FOR_USER} "$@"; }
else
    as_user() { env -i HOME="$home" PATH=/usr/bin:/bin LANG=C.UTF-8 XDG_RUNTIME_DIR="$home/run" \
        ${DISPLAY_FOR_USER:+DISPLAY=$DISPLAY_FOR_USER} "$@"; }
fi
content_type() {
    as_user gio info -a standard::content-type "$1" | sed -n 's/.*standard::content-type: //p'
}

grep -q '^application/x-go-sgf=.*tianyuan\.desktop' /usr/share/applications/mimeinfo.cache \
    || fail "mimeinfo.cache does not offer tianyuan.desktop for application/x-go-sgf"
grep -q tianyuan.desktop <<<"$(as_user gio mime application/x-go-sgf 2>&1)" \
    || fail "gio mime application/x-go-sgf does not list tianyuan.desktop"
for f in game.sgf record-gm-first record-ff-first; do
    [ "$(content_type "$home/$f")" = application/x-go-sgf ] || fail "$f is $(content_type "$home/$f")"
done
[ "$(content_type "$home/notes")" != application/x-go-sgf ] || fail "plain text taken for SGF"
pass "SGF opens with tianyuan.desktop; records recognised by name and by (;GM[1] / (;FF[ content"

# ---- 5. run as a new user ---------------------------------------------------------------
version=$(dpkg-query -W -f='${Version}' tianyuan)
got=$(as_user tianyuan --version)
[ "$got" = "tianyuan ${version%-*}" ] || fail "tianyuan --version said '$got', package is $version"
pass "tianyuan --version: $got"

gtp_out=$(printf '%s\n' "1 protocol_version" "2 name" "3 boardsize 9" "4 komi 7" \
    "5 play B E5" "6 play W E5" "7 play W C3" "8 final_score" "9 genmove B" "10 quit" \
    | as_user tianyuan gtp)
for want in "=1 2" "=2 Tianyuan" "=3" "=4" "=5" "=7" "=8 W+7" "=10"; do
    grep -qx "$want *" <<<"$gtp_out" || fail "GTP: no '$want' in: $gtp_out"
done
grep -qE '^\?6 ' <<<"$gtp_out" || fail "GTP: a move on an occupied point was accepted: $gtp_out"
grep -qE '^=9 ([A-HJ][1-9]|pass)$' <<<"$gtp_out" || fail "GTP: genmove gave no 9x9 vertex: $gtp_out"
pass "GTP session (refuses a move on a stone, counts W+7, answers genmove)"

for n in $(seq 90 199); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] || break
done
Xvfb ":$n" -screen 0 1280x1000x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.2; done
[ -e "/tmp/.X11-unix/X$n" ] || fail "Xvfb :$n did not start: $(cat "$work/xvfb.log")"
DISPLAY_FOR_USER=":$n"

png_size() { # width x height from a PNG's IHDR
    [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || return 1
    echo "$(od -An -tu4 --endian=big -j16 -N4 "$1" | tr -d ' ')x$(od -An -tu4 --endian=big -j20 -N4 "$1" | tr -d ' ')"
}
as_user tianyuan --screenshot "$home/board.png" --size 1000x800 --lang en 2>"$work/shot.log" \
    || fail "--screenshot: $(tail -5 "$work/shot.log")"
[ "$(png_size "$home/board.png")" = 1000x800 ] || fail "board.png is not a 1000x800 PNG"
as_user tianyuan --screenshot "$home/record.png" --open "$home/game.sgf" --lang zh-Hans 2>"$work/shot.log" \
    || fail "--screenshot --open: $(tail -5 "$work/shot.log")"
[ "$(png_size "$home/record.png")" = 1200x900 ] || fail "record.png is not a 1200x900 PNG"
pass "tianyuan --screenshot under Xvfb, with and without a record"

as_user gio launch /usr/share/applications/tianyuan.desktop "$home/game.sgf" >"$work/launch.log" 2>&1 \
    || fail "gio launch tianyuan.desktop: $(cat "$work/launch.log")"
win=$(as_user timeout 120 xdotool search --sync --class '^tianyuan$' | head -1) || true
[ -n "$win" ] || fail "no window of class tianyuan after launching the desktop entry: $(tail -5 "$work/launch.log")"
app_pid=$(as_user xdotool getwindowpid "$win")
[ "$(readlink "/proc/$app_pid/exe")" = /usr/bin/tianyuan ] || fail "the window is not /usr/bin/tianyuan's"
grep -q "game.sgf" <<<"$(tr '\0' ' ' <"/proc/$app_pid/cmdline")" || fail "the entry did not pass the file"
kill "$app_pid"
for _ in $(seq 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.2; done
kill -0 "$app_pid" 2>/dev/null && fail "the app did not stop on SIGTERM"
app_pid=""
pass "the desktop entry opens a record as a double-click would: /usr/bin/tianyuan game.sgf, window class tianyuan"

kill "$xvfb_pid"
wait "$xvfb_pid" 2>/dev/null || true
xvfb_pid=""

# ---- 6. remove --------------------------------------------------------------------------
purge
installed_by_us=0
! is_installed || fail "tianyuan is still installed after purge"
left=0
while IFS= read -r f; do
    case $f in /. | "") continue ;; esac
    # Folders such as /usr/share/icons/hicolor/48x48/apps belong to other packages too.
    if [ -e "$f" ] && [ ! -d "$f" ]; then
        echo "test-deb: left behind: $f" >&2
        left=$((left + 1))
    fi
done <"$work/files.txt"
[ "$left" -eq 0 ] || fail "$left files left after apt-get purge"
[ ! -e /usr/share/doc/tianyuan ] || fail "/usr/share/doc/tianyuan left after purge"
! grep -q 'tianyuan' /usr/share/applications/mimeinfo.cache 2>/dev/null || fail "mimeinfo.cache still names tianyuan"
! grep -qaF '(;GM[1]' /usr/share/mime/magic || fail "the MIME database still holds our magic"
pass "apt-get purge tianyuan leaves no file and no MIME or desktop registration"

echo "test-deb: $passed passed, 0 failed"
