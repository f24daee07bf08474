#!/usr/bin/env bash
# Makes a ten-pass parking-lot recording from the shared overhead clip (person-bicycle-car-detection.mp4,
# Intel IoT DevKit sample videos, CC BY 4.0): an empty lot (the clip's last frame with its top-left and
# top-right corners taken from its first frame, where neither the car nor the people are) for 6 s,
# then a pass of the car, ten times: forward, reversed, mirrored, mirrored+reversed, slowed 1.5x,
# forward, upside down, reversed, mirrored, mirrored+reversed; 6 s of empty lot at the end.
# Usage: bench/lot/make-lot-recordings.sh OUTDIR   -> OUTDIR/lot-ten.mp4 (101.9 s, 12 fps) and
#   OUTDIR/lot-turned.mp4 (80.25 s, 12 fps): the whole picture turned 180 degrees (a ceiling camera):
#   10 s of empty lot, the pass slowed 2x, 40 s of empty lot, the pass, 20 s of empty lot.
# Truth (seconds of the recording; the car is in view for each whole pass, never two at once):
#   passes of 3.417 s (the fifth 5.125 s) starting at 6 + 9.417 k for k = 0..4 and at
#   54.79 + 9.417 (k - 5) for k = 5..9; see LOT_PASSES in bench/lot/passes.ts. lot-turned: passes
#   [10, 16.833] and [56.833, 60.25] (LOT_TURNED_PASSES).
set -euo pipefail
out="${1:?usage: $0 OUTDIR}"
src="${VIDEOS:-$(cd "$(dirname "$0")/../../.." && pwd)/shared/videos}/person-bicycle-car-detection.mp4"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
enc=(-an -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -r 12)
ff -i "$src" -vf "select=eq(n\,0)" -fps_mode passthrough -frames:v 1 "$work/f0.png"
ff -i "$src" -vf "select=eq(n\,40)" -fps_mode passthrough -frames:v 1 "$work/f40.png"
ff -i "$work/f40.png" -i "$work/f0.png" -filter_complex "[1]crop=150:125:0:0[a];[1]crop=100:80:380:0[b];[0][a]overlay=0:0[t];[t][b]overlay=380:0" "$work/empty.png"
ff -loop 1 -t 6 -i "$work/empty.png" -vf fps=12,format=yuv420p "${enc[@]}" "$work/empty.mp4"
declare -A vf=([fwd]="fps=12" [rev]="reverse,fps=12" [mir]="hflip,fps=12" [mirrev]="hflip,reverse,fps=12" [slow]="setpts=1.5*PTS,fps=12" [flip]="vflip,fps=12")
for p in "${!vf[@]}"; do ff -i "$src" -vf "${vf[$p]}" "${enc[@]}" "$work/p_$p.mp4"; done
: > "$work/list.txt"
for p in fwd rev mir mirrev slow fwd flip rev mir mirrev; do printf "file '%s'\nfile '%s'\n" "$work/empty.mp4" "$work/p_$p.mp4" >> "$work/list.txt"; done
printf "file '%s'\n" "$work/empty.mp4" >> "$work/list.txt"
ff -f concat -safe 0 -i "$work/list.txt" -c copy "$out/lot-ten.mp4"
ff -loop 1 -framerate 12 -i "$work/empty.png" -i "$src" -filter_complex \
  "[0:v]format=yuv420p,split=3[e0][e1][e2];[e0]trim=duration=10,setpts=PTS-STARTPTS[g0];\
[e1]trim=duration=40,setpts=PTS-STARTPTS[g1];[e2]trim=duration=20,setpts=PTS-STARTPTS[g2];\
[1:v]setpts=PTS-STARTPTS,fps=12,format=yuv420p,split=2[a1][a2];[a1]setpts=2*PTS,fps=12[c1];[a2]setpts=PTS[c2];\
[g0][c1][g1][c2][g2]concat=n=5:v=1:a=0,hflip,vflip,setsar=1,fps=12,trim=end=80.25[v]" -map "[v]" "${enc[@]}" "$out/lot-turned.mp4"
echo "$out/lot-ten.mp4"
