#!/usr/bin/env bash
# Makes the recordings of the second blind set (bench/blind/set-2026-11-27.json) from the shared clips.
# Usage: bench/blind/make-recordings-2.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind2)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md).
# Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings.sh (which joined a clip to its reverse, or mirrored and slowed it):
# here halves are swapped and sped up, one stretch is slowed, a clip is looped with still pauses, a clip is
# reversed and slowed without mirroring, and two different clips are joined.
# Truth (seconds of the source clip -> seconds of the recording) is written beside each recipe; the
# source timelines are test/fixtures/truth.ts and ../shared/questions/dev.json.
set -euo pipefail
out="${1:-/tmp/vigil-blind2}"
src="${VIDEOS:-/work/shared/videos}"
mkdir -p "$out"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
enc=(-an -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p)
table="$src/one-by-one-person-detection.mp4"   # 139.4 s, 10 fps
shelf="$src/bottle-detection.mp4"              # 39.855 s, 179/6 fps
lot="$src/person-bicycle-car-detection.mp4"    # 3.417 s, 12 fps
floor="$src/worker-zone-detection.mp4"         # 4.734 s, 15 fps

# 1. table-swapped-fast.mp4 (111.52 s, 10 fps): the table clip's second part [72, 139.4) then its first
#    part [0, 72) (both cuts fall while nobody is there), mirrored left-right and played 1.25x fast.
#    truth: t >= 72 -> (t - 72) / 1.25;  t < 72 -> (67.4 + t) / 1.25.
ff -i "$table" -filter_complex \
  "[0:v]split[a][b];[a]trim=72:139.4,setpts=(PTS-STARTPTS)/1.25[late];[b]trim=0:72,setpts=(PTS-STARTPTS)/1.25[early];\
[late][early]concat=n=2:v=1:a=0,hflip,fps=10,trim=end=111.52[v]" \
  -map "[v]" "${enc[@]}" "$out/table-swapped-fast.mp4"

# 2. table-slow-middle.mp4 (181.9 s, 10 fps): the table clip with its middle [47, 89.5) slowed 2x
#    (both cuts fall while nobody is there).
#    truth: t < 47 -> t;  47 <= t < 89.5 -> 47 + 2 (t - 47);  t >= 89.5 -> t + 42.5.
ff -i "$table" -filter_complex \
  "[0:v]split=3[a][b][c];[a]trim=0:47,setpts=PTS-STARTPTS[p1];[b]trim=47:89.5,setpts=2*(PTS-STARTPTS)[p2];\
[c]trim=89.5:139.4,setpts=PTS-STARTPTS[p3];[p1][p2][p3]concat=n=3:v=1:a=0,fps=10[v]" \
  -map "[v]" "${enc[@]}" "$out/table-slow-middle.mp4"

# 3. shelf-loop-pauses.mp4 (139.6 s, 179/6 fps): the bottle clip three times, the second time mirrored
#    left-right, with a 10 s pause (the last frame held: three bottles, no hand) after the first and second
#    plays.  truth: play k (k = 0, 1, 2) starts at 49.855 k; t -> 49.855 k + t.
ff -i "$shelf" -filter_complex \
  "[0:v]split=3[a][b][c];[a]tpad=stop_mode=clone:stop_duration=10[p1];[b]hflip,tpad=stop_mode=clone:stop_duration=10[p2];\
[p1][p2][c]concat=n=3:v=1:a=0,fps=179/6[v]" \
  -map "[v]" "${enc[@]}" "$out/shelf-loop-pauses.mp4"

# 4. shelf-backwards-slow.mp4 (59.78 s, 20 fps): the bottle clip played backwards and 1.5x slow (not
#    mirrored). A bottle taken in the clip is put back in the recording and the other way round.
#    truth: t -> 1.5 (39.855 - t).
ff -i "$shelf" -vf "reverse,setpts=1.5*PTS,fps=20" "${enc[@]}" "$out/shelf-backwards-slow.mp4"

# 5. lot-then-floor.mp4 (34.6 s, 15 fps): the parking-lot clip 3x slow (a car in view all the time), then
#    the factory-floor clip 3x slow (one worker, no car), then the parking-lot clip backwards 3x slow
#    (the car again).  truth: car in view [0, 10.25) and [24.45, 34.7); worker in view [10.25, 24.45).
ff -i "$lot" -i "$floor" -filter_complex \
  "[0:v]split[a][b];[a]setpts=3*PTS,fps=15[l1];[b]reverse,setpts=3*PTS,fps=15[l2];\
[1:v]setpts=3*PTS,fps=15[f];[l1][f][l2]concat=n=3:v=1:a=0,fps=15[v]" \
  -map "[v]" "${enc[@]}" "$out/lot-then-floor.mp4"

cp "$src/README.md" "$out/SOURCE-README.md"   # the CC BY 4.0 attribution travels with the copies
for f in "$out"/*.mp4; do
  printf '%s %s s\n' "$(basename "$f")" "$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$f")"
done
