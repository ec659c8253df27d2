#!/usr/bin/env bash
# Tries the Windows build as a user would, under Wine, and compares it with the Linux build.
#
# Usage: scripts/test-windows.sh DIR LINUX_BIN
#   DIR        holds Tianyuan-Setup-*.exe and Tianyuan-*-windows-x86_64.zip (make windows-installer)
#   LINUX_BIN  the Linux build of the same tree (target/release/tianyuan)
# `make windows-test` builds both and runs this. Needs: wine64 (Debian's Wine 8, 64-bit), Xvfb,
# MinGW-w64 gcc, ImageMagick (import, identify), xdotool, python3. Env: TIANYUAN_CORPUS (the
# shared corpus, default ../shared/corpus), KEEP=1 keeps the work folder, SHOTS=DIR keeps the
# screenshots there.
#
# In order, in a fresh 64-bit prefix:
#  1. the prefix; Rust's std imports ProcessPrng (bcryptprimitives.dll, Windows 10+), which
#     Wine 8 lacks: a test-only DLL forwarding it to RtlGenRandom goes into the prefix's
#     system32, where Windows keeps the real one (never into the installer or beside the .exe);
#  2. `Tianyuan-Setup-VERSION.exe /S /PATH /DESKTOP`: the files, the Start menu and desktop
#     entries, the uninstaller's registration, the .sgf type, the user's PATH;
#  3. `tianyuan.exe --version`, as the Linux build says it;
#  4. a GTP session through a pipe: the same transcript as the Linux build's; the voice through
#     WASAPI (a count spoken into ALSA's null device and its timing logged; without a sound
#     card, the "no sound device" message and a clock that runs on);
#  5. `session new/append/show/verify` on a script of the arbiter's shorthand: `show --json`
#     identical to the Linux build's but for the head hash, each build verifying the other's
#     journal (hashes and the PIN's HMACs);
#  6. `check --json` on the shared corpus: the same bytes as the Linux build's;
#  7. `--screenshot` under Xvfb through Wine's OpenGL, with and without a record;
#  8. a record opened as a double-click would (the .sgf type's open command from the user's
#     classes → tianyuanw.exe → tianyuan.exe, no console window; Wine 8's own `start` does not
#     read per-user types), the window found and photographed; then a new game
#     from `--setup … --start`: its journal appears in %APPDATA%\Tianyuan\sessions;
#  9. the portable .zip: unpacked, `tianyuan.exe --version` runs;
# 10. uninstall `/S`: no file, shortcut, registry key or PATH entry left, the user's games kept;
#     then install again and uninstall `/S /PURGE`: the prefix is as it was before the install.
set -euo pipefail

dir=${1:?usage: test-windows.sh DIR LINUX_BIN}
linux=${2:?usage: test-windows.sh DIR LINUX_BIN}
dir=$(cd "$dir" && pwd)
linux=$(cd "$(dirname "$linux")" && pwd)/$(basename "$linux")
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${TIANYUAN_CORPUS:-$root/../shared/corpus}
passed=0
work=""
xvfb_pid=""
started=$(date +%s)

say() { echo "test-windows: $*"; }
pass() {
    passed=$((passed + 1))
    say "ok - $* ($(($(date +%s) - started)) s)"
}
fail() {
    echo "test-windows: FAILED: $*" >&2
    echo "test-windows: $passed passed, 1 failed"
    exit 1
}
cleanup() {
    if [ -n "$work" ] && [ -d "$work/prefix" ]; then
        WINEPREFIX=$work/prefix "$wineserver" -k 2>/dev/null || true
    fi
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    if [ -n "$work" ] && [ "${KEEP:-0}" != 1 ]; then rm -rf "$work"; fi
}
trap cleanup EXIT

wine=$(command -v wine64 || true)
[ -n "$wine" ] || wine=/usr/lib/wine/wine64
wineserver=$(command -v wineserver || true)
[ -n "$wineserver" ] || wineserver=/usr/lib/wine/wineserver
for tool in "$wine" "$wineserver" Xvfb x86_64-w64-mingw32-gcc import identify xdotool python3 unzip; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (make windows-test installs it)"
done
setups=("$dir"/Tianyuan-Setup-*.exe)
[ ${#setups[@]} -eq 1 ] && [ -f "${setups[0]}" ] || fail "expected one Tianyuan-Setup-*.exe in $dir"
setup=${setups[0]}
zips=("$dir"/Tianyuan-*-windows-x86_64.zip)
[ -f "${zips[0]}" ] || fail "no Tianyuan-*-windows-x86_64.zip in $dir"
[ -x "$linux" ] || fail "$linux is not the Linux build"
[ -d "$corpus" ] || fail "no corpus at $corpus (set TIANYUAN_CORPUS)"
corpus=$(cd "$corpus" && pwd)

work=$(mktemp -d)
export WINEPREFIX=$work/prefix WINEARCH=win64 WINEDEBUG=-all
# No Mono or Gecko install prompts in a fresh prefix; no menu entries or .desktop files written
# into the Linux desktop (winemenubuilder); sound through ALSA only, so that the voice's step
# decides whether there is a device (PulseAudio would also write into the home). One list:
# groups of DLLs are separated by `;`, a comma joins DLLs of one group.
export WINEDLLOVERRIDES="mscoree,mshtml,winemenubuilder.exe,winepulse.drv=d"
# A home of its own: Wine links the prefix's Desktop and Documents into it.
export HOME=$work/home
mkdir -p "$HOME"
export LANG=C.UTF-8 LC_ALL=C.UTF-8
unset WAYLAND_DISPLAY
w() { "$wine" "$@"; }
settle() { # waits until every Windows process of the prefix has ended (and the registry is saved)
    timeout 180 "$wineserver" -w || { "$wineserver" -k; fail "Windows processes still running after 180 s"; }
}
winpath() { printf 'Z:%s' "${1//\//\\}"; }

# ---- 1. a fresh prefix under Xvfb -------------------------------------------------------
for n in $(seq 90 199); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] || break
done
Xvfb ":$n" -screen 0 1280x1000x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.2; done
[ -e "/tmp/.X11-unix/X$n" ] || fail "Xvfb :$n did not start: $(cat "$work/xvfb.log")"
export DISPLAY=":$n"

w wineboot -i >"$work/wineboot.log" 2>&1 || fail "wineboot -i: $(tail -5 "$work/wineboot.log")"
settle
users=$WINEPREFIX/drive_c/users
user=$(ls "$users" | grep -vx Public | head -1)
[ -n "$user" ] || fail "the prefix has no user folder"
home=$users/$user
instdir=$home/AppData/Local/Programs/Tianyuan
startmenu=$home/AppData/Roaming/Microsoft/Windows/Start\ Menu/Programs
data=$home/AppData/Roaming/Tianyuan
x86_64-w64-mingw32-gcc -shared -O2 -s -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
    "$root/scripts/wine/bcryptprimitives.c" -ladvapi32 || fail "the ProcessPrng DLL did not build"
# What the prefix holds before the installer runs (the uninstall must come back to it).
# %TEMP% is left out: the uninstaller runs from a copy there, which Windows deletes later.
snapshot() {
    (cd "$WINEPREFIX/drive_c" && find . -path ./windows -prune -o -path "./users/$user/Temp" -prune \
        -o -print | sort)
    (cd "$HOME" && find . -print | sed 's|^|home:|' | sort)
}
regdump() { # the registry's lines naming us, once wineserver has written it out
    settle
    grep -ihn 'tianyuan' "$WINEPREFIX/user.reg" "$WINEPREFIX/system.reg" || true
}
env_path() { # HKCU\Environment's Path, or nothing
    { w reg query 'HKCU\Environment' /v Path 2>/dev/null || true; } | tr -d '\r' \
        | sed -n 's/^ *Path *REG_[A-Z_]* *//p'
}
snapshot >"$work/before.txt"
[ -z "$(regdump)" ] || fail "a fresh prefix already names tianyuan"
path_before=$(env_path)
pass "fresh 64-bit prefix (Wine $(w --version 2>/dev/null || echo '?')), ProcessPrng DLL in system32"

# ---- 2. silent install ------------------------------------------------------------------
t0=$(date +%s)
w "$setup" /S /PATH /DESKTOP >"$work/install.log" 2>&1 || fail "the installer failed: $(tail -5 "$work/install.log")"
settle
install_s=$(($(date +%s) - t0))
for f in tianyuan.exe tianyuanw.exe uninstall.exe README.md NOTICE-DroidSansFallback.txt; do
    [ -f "$instdir/$f" ] || fail "$instdir/$f is missing after the install"
done
[ ! -e "$instdir/bcryptprimitives.dll" ] || fail "the test DLL is in the installation"
[ -f "$startmenu/天元 Tianyuan.lnk" ] || fail "no Start menu entry: $(ls "$startmenu")"
[ -f "$home/Desktop/天元 Tianyuan.lnk" ] || fail "no desktop shortcut (/DESKTOP)"
reg_value() { # KEY VALUE ("" for the default) → the data of a string value, exactly
    # `reg query` prints through the console's code page (Chinese comes out as "??"): the key
    # is exported to a UTF-16 .reg file instead, and its first section read.
    local f=$work/reg-value.reg
    rm -f "$f"
    w reg export "$1" "$(winpath "$f")" /y >/dev/null 2>&1 || return 0
    python3 - "$f" "$2" <<'PY'
import re, sys
text = open(sys.argv[1], "rb").read().decode("utf-16")
want = "@=" if sys.argv[2] == "" else '"%s"=' % sys.argv[2]
sections = 0
for line in text.splitlines():
    if line.startswith("["):
        sections += 1
    elif sections == 1 and line.startswith(want):
        v = line[len(want):]
        if len(v) >= 2 and v[0] == '"' and v[-1] == '"':
            print(re.sub(r"\\(.)", r"\1", v[1:-1]))
        break
PY
}
uninstall_key='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Tianyuan'
[ "$(reg_value "$uninstall_key" DisplayName)" = "天元 Tianyuan" ] || fail "no uninstall registration"
[ "$(reg_value 'HKCU\Software\Classes\.sgf' '')" = Tianyuan.sgf ] || fail ".sgf is not Tianyuan.sgf"
open_cmd=$(reg_value 'HKCU\Software\Classes\Tianyuan.sgf\shell\open\command' '')
grep -q 'tianyuanw.exe" "%1"' <<<"$open_cmd" || fail ".sgf open command: $open_cmd"
path_after=$(env_path)
grep -qi 'Programs\\Tianyuan' <<<"$path_after" || fail "PATH does not name the program's folder: $path_after"
pass "Tianyuan-Setup /S /PATH /DESKTOP in $install_s s: files, Start menu and desktop entries, .sgf type, PATH, uninstall entry"

exe=$instdir/tianyuan.exe
tw() { w "$exe" "$@"; }

# ---- 3. --version -----------------------------------------------------------------------
got=$(tw --version | tr -d '\r')
want=$("$linux" --version)
[ "$got" = "$want" ] || fail "--version said '$got', the Linux build '$want'"
pass "tianyuan.exe --version: $got"

# ---- 4. GTP through a pipe --------------------------------------------------------------
gtp_in=$(printf '%s\n' "1 protocol_version" "2 name" "3 boardsize 9" "4 komi 7" \
    "5 play B E5" "6 play W E5" "7 play W C3" "8 final_score" "9 genmove B" "10 quit")
gtp_win=$(tw gtp <<<"$gtp_in" | tr -d '\r')
gtp_linux=$("$linux" gtp <<<"$gtp_in")
for line in "=1 2" "=2 Tianyuan" "=8 W+7" "=10"; do
    grep -qx "$line *" <<<"$gtp_win" || fail "GTP: no '$line' in: $gtp_win"
done
grep -qE '^\?6 ' <<<"$gtp_win" || fail "GTP: a move on an occupied point was accepted: $gtp_win"
[ "$gtp_win" = "$gtp_linux" ] || fail "GTP transcripts differ: Windows: $gtp_win / Linux: $gtp_linux"
pass "GTP session through a pipe, the same transcript as the Linux build's"

# ---- 4b. the voice through WASAPI --------------------------------------------------------
# rodio plays through cpal's WASAPI host, which Wine serves from ALSA here. With ALSA's null
# device as the default a byo-yomi count is spoken and its timing logged; with no sound card at
# all the program says "no sound device" once and the clock runs on.
voice_home=$work/voice-home
mkdir -p "$voice_home"
printf 'pcm.!default { type null }\n' >"$voice_home/.asoundrc"
talk=(clock talk --control japanese:main=0s,periods=1x6s --moves 5)
HOME=$voice_home tw "${talk[@]}" --audio-log "$(winpath "$work/voice.log")" >"$work/voice.out" 2>"$work/voice.err" \
    || fail "clock talk with a sound device: $(grep -v '^ALSA' "$work/voice.err" | tail -5)"
timing=$(grep '^audio timing:' "$work/voice.err" | tr -d '\r')
grep -q '^audio timing: [1-9][0-9]* calls' <<<"$timing" \
    || fail "no call was spoken through WASAPI: $(grep -v '^ALSA' "$work/voice.err" | tail -5)"
grep -q 'no sound device' "$work/voice.err" && fail "a sound device was there, yet: $(cat "$work/voice.err")"
voice_note="${timing#audio timing: }"
if [ -e /dev/snd ]; then
    voice_note="$voice_note; the no-device case not tried (this machine has a sound card)"
else
    tw "${talk[@]}" >"$work/voice.out" 2>"$work/voice.err" \
        || fail "clock talk without a sound device failed: $(grep -v '^ALSA' "$work/voice.err" | tail -5)"
    grep -q '^tianyuan: no sound device' "$work/voice.err" \
        || fail "no 'no sound device' message without a sound card: $(grep -v '^ALSA' "$work/voice.err" | tail -5)"
    grep -q '"press"' "$work/voice.out" || fail "without a sound device the clock did not run"
    voice_note="$voice_note; without a sound card: \"$(grep -m1 '^tianyuan: no sound device' "$work/voice.err" | tr -d '\r')\""
fi
pass "the voice through WASAPI: $voice_note"

# ---- 5. the arbiter's session journal ---------------------------------------------------
s=$work/session
mkdir -p "$s"
cat >"$s/script.txt" <<'EOF'
setup size=9 komi=7 time=chinese:limit=10m,reserve=3 black="Li Wei" white=王 table=7 round=2
0:05 B E5
0:10 W C3 # a comment
0:20 warn B 17.2 "lifted a stone"
0:30 B G7
0:41 W G3
EOF
appends=("0:50 B C7" "1:02 W pass" "1:10 B pass" "1:15 W confirm" "1:16 B confirm" "1:20 accept")
pin=arbiter-1
(cd "$s" && tw session new win.tyj --script script.txt --pin "$pin" | tr -d '\r') >"$s/new.out" \
    || fail "session new (Windows): $(cat "$s/new.out")"
(cd "$s" && "$linux" session new linux.tyj --script script.txt --pin "$pin") >"$s/new-linux.out" \
    || fail "session new (Linux)"
for a in "${appends[@]}"; do
    (cd "$s" && tw session append win.tyj "$a" --pin "$pin" | tr -d '\r') >>"$s/new.out" \
        || fail "session append '$a' (Windows): $(tail -1 "$s/new.out")"
    (cd "$s" && "$linux" session append linux.tyj "$a" --pin "$pin") >>"$s/new-linux.out" \
        || fail "session append '$a' (Linux)"
done
cmp -s "$s/new.out" "$s/new-linux.out" || fail "new/append said $(cat "$s/new.out"), Linux $(cat "$s/new-linux.out")"
(cd "$s" && tw session show win.tyj --json | tr -d '\r') >"$s/win.json" || fail "session show (Windows)"
(cd "$s" && "$linux" session show linux.tyj --json) >"$s/linux.json" || fail "session show (Linux)"
python3 - "$s/win.json" "$s/linux.json" <<'EOF' || fail "session show --json differs beyond the head hash"
import json, sys
win, lin = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:3])
assert win.get("head") != lin.get("head"), "the head hashes are equal: entries carry their times"
for v in (win, lin):
    v.pop("head", None)
if win != lin:
    for k in sorted(set(win) | set(lin)):
        if win.get(k) != lin.get(k):
            print(f"  {k}: Windows {win.get(k)!r} / Linux {lin.get(k)!r}", file=sys.stderr)
    sys.exit(1)
EOF
"$linux" session verify "$s/win.tyj" --pin "$pin" >"$s/verify.out" 2>&1 \
    || fail "the Linux build does not verify the Windows journal: $(cat "$s/verify.out")"
(cd "$s" && tw session verify linux.tyj --pin "$pin") >"$s/verify-win.out" 2>&1 \
    || fail "the Windows build does not verify the Linux journal: $(cat "$s/verify-win.out")"
(cd "$s" && tw session show win.tyj) >/dev/null || fail "session show (text, Windows)"
pass "session new/append/show/verify: show --json equal but for the head hash; each build verifies the other's journal"

# ---- 6. check on the shared corpus ------------------------------------------------------
t0=$(date +%s)
(cd "$corpus" && tw check --json . | tr -d '\r') >"$work/check-win.json" 2>"$work/check-win.err" || true
check_s=$(($(date +%s) - t0))
(cd "$corpus" && "$linux" check --json .) >"$work/check-linux.json" 2>/dev/null || true
games=$(wc -l <"$work/check-linux.json")
[ "$games" -gt 1000 ] || fail "the Linux build reported only $games games on $corpus"
if ! cmp -s "$work/check-win.json" "$work/check-linux.json"; then
    diff "$work/check-linux.json" "$work/check-win.json" | head -10 >&2
    fail "check --json differs from the Linux build's"
fi
pass "check --json on the corpus: $games games, the same bytes as the Linux build's ($check_s s under Wine)"

# ---- 7. --screenshot through Wine's OpenGL ----------------------------------------------
cat >"$work/game.sgf" <<'EOF'
(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7]RU[Chinese]PB[李伟]PW[White]
;B[ee];W[cc];B[gc];W[cg];B[ge];W[eg])
EOF
shots=${SHOTS:-$work/shots}
mkdir -p "$shots"
tw --screenshot "$(winpath "$shots/board.png")" --size 1000x800 --lang en >"$work/shot.log" 2>&1 \
    || fail "--screenshot: $(tail -5 "$work/shot.log")"
tw --screenshot "$(winpath "$shots/record.png")" --open "$(winpath "$work/game.sgf")" --lang zh-Hans \
    >"$work/shot.log" 2>&1 || fail "--screenshot --open: $(tail -5 "$work/shot.log")"
[ "$(identify -format %wx%h "$shots/board.png")" = 1000x800 ] || fail "board.png is not 1000x800"
[ "$(identify -format %wx%h "$shots/record.png")" = 1200x900 ] || fail "record.png is not 1200x900"
colours=$(identify -format %k "$shots/record.png")
[ "$colours" -gt 50 ] || fail "record.png has $colours colours: blank?"
pass "--screenshot under Xvfb through Wine's OpenGL: board.png 1000x800, record.png 1200x900 ($colours colours)"

# ---- 8. the window, as a user opens it --------------------------------------------------
find_window() { timeout "${2:-120}" xdotool search --sync --onlyvisible --name "$1" 2>/dev/null | head -1; }
close_app() { # asks the window to close (WM_CLOSE); a window that asks back is ended
    w taskkill /IM tianyuan.exe >/dev/null 2>&1 || true
    for _ in $(seq 50); do
        [ -z "$(xdotool search --onlyvisible --name 'Tianyuan' 2>/dev/null)" ] && break
        sleep 0.2
    done
    if [ -n "$(xdotool search --onlyvisible --name 'Tianyuan' 2>/dev/null)" ]; then
        w taskkill /F /IM tianyuan.exe >/dev/null 2>&1 || true
    fi
    timeout 60 "$wineserver" -w || "$wineserver" -k
}
# A double-click: Explorer takes the .sgf type's program from HKEY_CLASSES_ROOT, which on
# Windows shows the user's own HKCU\Software\Classes over the machine's. Wine 8 does not merge
# them (Wine bug 14771: its `start` finds no program for a per-user type), so the shell's step
# is done here: the user's .sgf type, its open command, %1 replaced by the file.
progid=$(reg_value 'HKCU\Software\Classes\.sgf' '')
open_cmd=$(reg_value "HKCU\Software\Classes\\$progid\shell\open\command" '')
mapfile -d '' open_argv < <(python3 - "$open_cmd" "$(winpath "$work/game.sgf")" <<'PY'
import re, sys
cmd, file = sys.argv[1], sys.argv[2]
for quoted, bare in re.findall(r'"([^"]*)"|(\S+)', cmd):
    arg = (quoted or bare).replace("%1", file)
    sys.stdout.write(arg + "\0")
PY
)
[ "${#open_argv[@]}" -eq 2 ] || fail "the .sgf open command '$open_cmd' is not PROGRAM \"%1\""
open_prog=${open_argv[0]##*\\}
(cd "$work" && w "${open_argv[@]}") >"$work/start.log" 2>&1 || fail "opening game.sgf by its type: $(cat "$work/start.log")"
win=$(find_window 'Tianyuan') || true
[ -n "$win" ] || fail "no Tianyuan window after opening game.sgf"
sleep 5
import -window root "$shots/window-record.png"
[ -z "$(xdotool search --name 'tianyuan.exe|conhost|wineconsole' 2>/dev/null)" ] \
    || fail "a console window opened beside the board"
title=$(xdotool getwindowname "$win")
close_app
pass "game.sgf opened by its type ($progid: $open_prog \"%1\"): window '$title', no console window; screenshot window-record.png"

w "$instdir/tianyuanw.exe" --setup 'size=19 time=chinese:limit=60m,reserve=5 black="Li Wei" white=Wang table=7' \
    --start --lang zh-Hans >"$work/game.log" 2>&1 || fail "tianyuanw.exe --setup: $(cat "$work/game.log")"
win=$(find_window 'Tianyuan') || true
[ -n "$win" ] || fail "no window for a new game"
for _ in $(seq 100); do
    ls "$data/sessions/"*.tyj >/dev/null 2>&1 && break
    sleep 0.2
done
sleep 3
import -window root "$shots/window-game.png"
close_app
journals=("$data/sessions/"*.tyj)
[ -f "${journals[0]}" ] || fail "the new game was not journaled in %APPDATA%\\Tianyuan\\sessions"
"$linux" session verify "${journals[0]}" >"$work/verify-gui.out" 2>&1 \
    || fail "the window's journal does not verify: $(cat "$work/verify-gui.out")"
[ -f "$data/app.ron" ] || fail "the settings were not saved in %APPDATA%\\Tianyuan\\app.ron"
pass "a new game from --setup: journal $(basename "${journals[0]}") in %APPDATA%\\Tianyuan\\sessions (intact), settings in app.ron"

# ---- 9. the portable zip ----------------------------------------------------------------
portable=$WINEPREFIX/drive_c/portable
mkdir -p "$portable"
unzip -q "${zips[0]}" -d "$portable"
pexe=("$portable"/Tianyuan-*/tianyuan.exe)
[ -f "${pexe[0]}" ] && [ -f "$(dirname "${pexe[0]}")/tianyuanw.exe" ] || fail "the zip holds no tianyuan.exe and tianyuanw.exe"
got=$(w "${pexe[0]}" --version | tr -d '\r')
[ "$got" = "$want" ] || fail "the portable tianyuan.exe --version said '$got', not '$want'"
rm -rf "$portable"
pass "the portable zip unpacks and runs"

# ---- 10. uninstall ----------------------------------------------------------------------
leftovers() { # files of the prefix that were not there before, but for the user's data
    snapshot | comm -13 "$work/before.txt" - | grep -v "^./users/$user/AppData/Roaming/Tianyuan" || true
}
uninstall() {
    w "$instdir/uninstall.exe" /S "$@" >"$work/uninstall.log" 2>&1 || fail "uninstall $*: $(cat "$work/uninstall.log")"
    settle
}
uninstall
[ ! -e "$instdir" ] || fail "$instdir is left: $(ls "$instdir")"
left=$(leftovers)
[ -z "$left" ] || fail "files left after uninstalling: $left"
left=$(regdump)
[ -z "$left" ] || fail "registry entries left after uninstalling: $left"
[ "$(env_path)" = "$path_before" ] || fail "PATH is '$(env_path)', was '$path_before'"
[ ! -e "$home/Desktop/天元 Tianyuan.lnk" ] || fail "the desktop shortcut is left"
[ ! -e "$startmenu/天元 Tianyuan.lnk" ] || fail "the Start menu entry is left"
[ -f "${journals[0]}" ] || fail "the uninstaller deleted the user's games"
pass "uninstall /S: no file, shortcut, registry entry or PATH entry left; the user's games kept"

w "$setup" /S >"$work/install.log" 2>&1 || fail "the second install"
settle
[ -f "$instdir/tianyuan.exe" ] || fail "the second install left no tianyuan.exe"
uninstall /PURGE
[ ! -e "$data" ] || fail "/PURGE left %APPDATA%\\Tianyuan"
left=$(snapshot | comm -3 "$work/before.txt" - || true)
[ -z "$left" ] || fail "the prefix differs from before the install: $left"
[ -z "$(regdump)" ] || fail "registry entries left after /PURGE: $(regdump)"
pass "install /S, uninstall /S /PURGE: the prefix is as before the first install"

say "the whole test took $(($(date +%s) - started)) s"
echo "test-windows: $passed passed, 0 failed"
