#!/usr/bin/env bash
# Regenerates the blind-set recordings (bench/blind/set-2026-11-26.json) from the shared clips.
# Usage: bench/blind/make-recordings.sh OUTDIR   (the set expects OUTDIR=/tmp/vigil-blind)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md).
# Override the source directory with VIDEOS=DIR.
set -euo pipefail
out="${1:?usage: $0 OUTDIR}"
src="${VIDEOS:-/work/shared/videos}"
mkdir -p "$out"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
enc=(-an -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p)

# 1. table-there-and-back.mp4 (278.8 s, 10 fps): the table clip, then the same clip played backwards.
#    truth: forward part t; backward part 139.4 + (139.4 - t) = 278.8 - t.
ff -i "$src/one-by-one-person-detection.mp4" \
  -filter_complex "[0:v]split[a][b];[b]reverse[r];[a][r]concat=n=2:v=1:a=0,fps=10[v]" \
  -map "[v]" "${enc[@]}" "$out/table-there-and-back.mp4"

# 2. table-slow-mirror.mp4 (209.1 s, 10 fps): the table clip mirrored left-right and slowed 1.5x.
#    truth: t -> 1.5 t.
ff -i "$src/one-by-one-person-detection.mp4" \
  -vf "hflip,setpts=1.5*PTS,fps=10" "${enc[@]}" "$out/table-slow-mirror.mp4"

# 3. shelf-there-and-back.mp4 (79.71 s): the bottle clip, then the same clip played backwards.
#    truth: forward part t; backward part 79.71 - t.
ff -i "$src/bottle-detection.mp4" \
  -filter_complex "[0:v]split[a][b];[b]reverse[r];[a][r]concat=n=2:v=1:a=0,fps=30000/1001[v]" \
  -map "[v]" "${enc[@]}" "$out/shelf-there-and-back.mp4"

# 4. shelf-slow-mirror.mp4 (79.71 s): the bottle clip mirrored left-right and slowed 2x.
#    truth: t -> 2 t.
ff -i "$src/bottle-detection.mp4" \
  -vf "hflip,setpts=2*PTS,fps=15" "${enc[@]}" "$out/shelf-slow-mirror.mp4"

cp "$src/README.md" "$out/SOURCE-README.md"   # the CC BY 4.0 attribution travels with the copies
for f in "$out"/*.mp4; do
  printf '%s %s s\n' "$(basename "$f")" "$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$f")"
done
