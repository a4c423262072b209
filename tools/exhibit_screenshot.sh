#!/usr/bin/env bash
# The README's exhibit picture: `life2 exhibit` full screen on a real X server (Xvfb), in attract
# mode with the live listing panel, captured with the banner lit, then ended with the exit chord.
# Needs Debian's xvfb, xdotool and imagemagick. No listing path is set, so the panel shows our own
# notes and the picture holds nothing of the 1978 listing.
#
#     tools/exhibit_screenshot.sh docs/exhibit.png
set -euo pipefail
out=$(realpath -m "${1:-docs/exhibit.png}")
work=$(mktemp -d)
display=:$((70 + RANDOM % 20))
cat > "$work/exhibit.toml" <<'TOML'
[exhibit]
terminal = "teletype"
fullscreen = true
[attract]
levels = [2, 3]
[teletype]
sound = false
baud = 1200        # the picture only: the first boards are on paper in seconds, not minutes
TOML
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
DISPLAY=$display SDL_AUDIODRIVER=dummy life2 exhibit --config "$work/exhibit.toml" &
exhibit=$!
sleep "${WAIT:-30}"
for _ in $(seq 1 20); do  # the banner blinks: take the picture while it is lit
    DISPLAY=$display import -window root "$work/shot.png"
    lit=$(convert "$work/shot.png" -crop 600x30+80+100 -format '%[fx:mean.r-mean.g]' info:)
    if python3 -c "import sys; sys.exit(0 if float('$lit') > 0.1 else 1)"; then break; fi
    sleep 0.4
done
cp "$work/shot.png" "$out"
DISPLAY=$display xdotool key ctrl+alt+shift+q
wait $exhibit
echo "saved $out; life2 exhibit ended with status $?"
