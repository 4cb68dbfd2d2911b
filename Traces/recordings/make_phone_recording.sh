#!/bin/sh
# Makes phone-recording.csv, the example recording of README "Bring your own recording": a 72 s, 60 Hz
# head trace synthesized from phone-recording.yml, then written the way a phone logger might write it —
# foreign column names, absolute epoch milliseconds, centimetres, ARKit's camera-relative frame with z
# negative toward the user, no `tracked` column and no ground truth (lost tracking shows only as frozen
# positions), a 2.3 s hole in the timestamps and one row the logger left empty.
# Usage: make_phone_recording.sh PARALLAX_BINARY   (run from the repository root; `make example-recording`)
set -eu
parallax=${1:-.build/debug/parallax}
dir=Traces/recordings
tmp=$(mktemp)
trap 'rm -f "$tmp" "$dir/.phone-recording.csv.tmp"' EXIT
"$parallax" synth --spec "$dir/phone-recording.yml" -o "$tmp"
# The front camera's offset from the screen centre on the phone we pretend recorded (iPhone 15 Pro).
offset=$("$parallax" project --screen iphone-15-pro --head 0,0,0.35 | sed -n 's/^camera offset: (\([^,]*\), \([^,]*\), \([^)]*\)).*/\1 \2 \3/p')
awk -F, -v offset="$offset" '
    BEGIN { split(offset, o, " "); print "timestamp_ms,pos_x,pos_y,pos_z,frame"; frame = 0 }
    /^#/ || $1 == "t" { next }
    {
        t = $1
        frame++
        if (t >= 40.0 && t < 42.3) next                     # tracking hole: the logger wrote nothing
        if (frame == 1500) { printf "%.3f,,,,%d\n", 1732380000000 + t * 1000, frame; next }   # an empty row
        # screen → camera-relative, metres → cm, z negative toward the user (ARKit face anchor)
        printf "%.3f,%.4f,%.4f,%.4f,%d\n", 1732380000000 + t * 1000, ($2 - o[1]) * 100, ($3 - o[2]) * 100, -($4 - o[3]) * 100, frame
    }' "$tmp" > "$dir/.phone-recording.csv.tmp"
mv "$dir/.phone-recording.csv.tmp" "$dir/phone-recording.csv"
