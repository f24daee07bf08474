# Shared by bench/blind/make-recordings-{3,4,5,6}.sh (sourced, not run): the output and source
# directories, the encoder settings, the three source clips, the still of the empty parking lot and
# the closing step (the attribution and the durations).
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md);
# override the directory with VIDEOS=DIR.
# Usage, after `set -euo pipefail`:  source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blindN}"
out="$1"
src="${VIDEOS:-/work/shared/videos}"
mkdir -p "$out"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
enc=(-an -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p)
table="$src/one-by-one-person-detection.mp4"   # 139.4 s, 10 fps, 768x432
shelf="$src/bottle-detection.mp4"              # 39.855 s, 179/6 fps, 640x360
lot="$src/person-bicycle-car-detection.mp4"    # 3.417 s, 12 fps, 480x270 (the car is in view in every frame)
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

# empty_lot PNG [FILTER]: the lot with no car and no walker (frame 0 with the car's and the walker's
# areas taken from frame 40, where neither is), then FILTER (",hflip" mirrors it).
empty_lot() {
  ff -i "$lot" -filter_complex \
    "[0:v]split=3[a][b][c];[a]select='eq(n\,0)',setpts=0[f0];[b]select='eq(n\,40)',crop=216:149:0:121,setpts=0[bl];\
[c]select='eq(n\,40)',crop=264:54:120:0,setpts=0[tp];[f0][bl]overlay=0:121:eof_action=repeat[t1];\
[t1][tp]overlay=120:0:eof_action=repeat${2:-}" -frames:v 1 "$1"
}

# finish: the CC BY 4.0 attribution travels with the copies; each recording's duration is printed.
finish() {
  cp -f "$src/README.md" "$out/SOURCE-README.md"
  for f in "$out"/*.mp4; do
    printf '%s %s s\n' "$(basename "$f")" "$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$f")"
  done
}
