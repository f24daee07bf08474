#!/usr/bin/env bash
# Makes the recordings of the twelfth blind set (bench/blind/set-2026-11-30l.json) from the shared clips.
# Usage: bench/blind/make-recordings-12.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind12)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md; the
# README is copied beside the recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,...,-11}.sh: the table clip seen through a fisheye dome lens (barrel
# distortion with lenscorrection, the picture bulged into a black surround, plus a vignette) played 0.8x
# (slow), with one visit left out and the first visitor coming back at the end; the table clip as a
# "white-hot" thermal camera (luma inverted, low resolution 320x180, an inferno false-colour palette) run as a
# 3x time-lapse (every third frame kept), the whole clip once, then a 30 s hold of the empty table, then two
# visits again at 3x; the table clip as interlaced analogue video (every odd line taken from the next frame, so
# moving people show comb teeth) with parts in a new order (P6, P2, P4, P3, P5, P6 again) and two "VIDEO LOSS"
# blue screens (4 s and 6 s) at cuts where the table is empty; the bottle clip flipped vertically (the bench at
# the top, the bottles hanging upside down) at 0.75x with its hue turned 120 degrees (the blue bottles look
# pink-red, the hand green), its parts in a new order (right bottle, left bottle, 25 s hold, the two-bottle
# part, left bottle again, 20 s hold); the parking-lot clip as a 1 fps over-exposed (glare) camera with four slow passes of the
# car (14 s forward, 17 s backwards, 11 s forward, 14 s backwards) between stills of the empty lot with gaps of
# 18.5/40/25/55/20 s.
# Source timelines (test/fixtures/truth.ts, refined in make-recordings-7.sh..-11.sh, checked again here on
# 1, 2 and 4 fps sheets): in-view intervals of the table clip's six people P1..P6 (source seconds): [6.0, 19.8]
# [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8] [123.5, 136.0]; the table is empty at the cut points
# used below (0, 21.3, 47, 72, 89.5, 121.5, 139.0, 139.3). People walk in at the bottom (close to the camera)
# and leave at the right edge. Bottles on the bench (left, middle, right): 3 until the left one is taken at
# 6.7, back at 11.5; the left and middle ones taken together at 17.3; the middle one back at 22.3, the left
# one back at 27.6; the right one taken at 31.5, back at 35.5; 3 to the end (39.855); no hand in view at 14.5
# and 29.5 (the cut points) nor after 37.0. The parking-lot clip (3.417 s, 41 frames at 12 fps) has the
# silver car in view in every frame (a walker and a cyclist cross the far side during each pass; the set
# asks nothing about them); the stills of the empty lot (recipes.sh empty_lot) show no car and nobody.
# Every output was checked after it was made on frame sheets with timestamps (ffmpeg fps=1/2/4 + drawtext +
# tile): the intervals and counts written below are the ones read there (to within 0.3 s; 1 s for the 1 fps
# camera, whose frames are at whole seconds).
# Cameras and start times in the set (clock time = start + recording seconds):
#   atrium-fisheye -> hotel-atrium 2026-12-22T08:14:37Z; control-room-thermal -> substation-control-room
#   2026-12-23T03:52:20Z; parish-hall-interlaced -> parish-hall-entrance 2026-12-24T17:26:45Z;
#   tasting-shelf-flipped -> brewery-tasting-shelf 2026-12-26T12:09:05Z; marina-carpark-1fps ->
#   marina-car-park 2026-12-28T14:33:50Z.
# Truth in recording seconds (read on the sheets):
#   atrium-fisheye (168.5 s; departures read on a 4 fps sheet, the last sliver at the right edge): P1 7.5-24.6,
#     P3 30.7-54.8, P4 61.1-76.1, P5 83.2-117.4, P6 122.3-137.2, P1 again 149.5-166.5.
#   control-room-thermal (113.8 s): empty 0-22.0; P1 22.0-26.6, P2 27.6-34.9, P3 36.8-43.2, P4 44.9-48.9,
#     P5 50.8-60.0, P6 61.2-65.3; empty 65.3-97.0; P2 97.0-104.4, P3 106.1-112.7; empty to the end.
#   parish-hall-interlaced (145.8 s): P6 2.0-14.5; video loss 17.8-21.8; P2 23.3-45.3; P4 50.1-62.2; video
#     loss 65.0-71.0; P3 74.3-93.7; P5 98.8-126.3; P6 again 130.0-142.5.
#   tasting-shelf-flipped (117.75 s; a bottle counts as gone once lifted off, back once set down, read on a
#     4 fps sheet): 3 bottles; right one taken 3.0, back 7.9; left one taken 23.1, back 29.4; 3 held 33.1-58.1;
#     left+middle taken 62.4, middle back 68.9, left back 75.9; left taken 87.6, back 93.9; 3 to the end.
#   marina-carpark-1fps (214 frames at 1 fps, 0..213 s): the car is in the frames 19-31, 72-88, 114-124 and
#     180-193 (arrivals/departures taken as 18.5/31.5, 71.5/88.5, 113.5/124.5, 179.5/193.5), the lot is empty in
#     all other frames.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind12}"

# Helpers (intermediate parts in $tmp, nearly lossless, then joined and given the camera's look):
# part OUT SRC FROM TO FACTOR FPS [FILTER]: SRC from FROM to TO s, its time stretched by FACTOR (2 = half
# speed, 1/3 = 3x fast), at FPS (frames dropped or repeated), with FILTER (e.g. reverse) before the stretch.
lossless=(-an -c:v libx264 -preset ultrafast -crf 10 -pix_fmt yuv420p)
part() {
  ff -ss "$3" -to "$4" -i "$2" -vf "${7:+$7,}setpts=(PTS-STARTPTS)*$5,setsar=1" -r "$6" -fps_mode cfr "${lossless[@]}" "$1"
}
# hold OUT SRC AT SECONDS FPS: the frame of SRC at AT s held for SECONDS s.
hold() {
  ff -ss "$3" -i "$2" -frames:v 1 "$1.png"
  ff -loop 1 -framerate "$5" -t "$4" -i "$1.png" -vf "format=yuv420p,setsar=1" -r "$5" "${lossless[@]}" "$1"
}
# join OUT FPS LOOK PART...: the parts one after the other, then the camera's LOOK, at FPS.
join() {
  local o="$1" r="$2" look="$3" ins=() lab="" i=0; shift 3
  for f in "$@"; do ins+=(-i "$f"); lab+="[$i:v]"; i=$((i + 1)); done
  ff "${ins[@]}" -filter_complex "${lab}concat=n=$i:v=1,$look[v]" -map "[v]" -r "$r" -fps_mode cfr "${enc[@]}" "$o"
}

# 1. atrium-fisheye: S1 [0,21.3] S3 [47,72] S4 [72,89.5] S5 [89.5,121.5] S6 [121.5,139.3] S1 again, all 0.8x.
part "$tmp/a1.mp4" "$table" 0 21.3 1.25 10
part "$tmp/a3.mp4" "$table" 47 72 1.25 10
part "$tmp/a4.mp4" "$table" 72 89.5 1.25 10
part "$tmp/a5.mp4" "$table" 89.5 121.5 1.25 10
part "$tmp/a6.mp4" "$table" 121.5 139.3 1.25 10
join "$out/atrium-fisheye.mp4" 10 "lenscorrection=cx=0.5:cy=0.5:k1=0.3:k2=0.05,vignette=angle=PI/3.5" \
  "$tmp/a1.mp4" "$tmp/a3.mp4" "$tmp/a4.mp4" "$tmp/a5.mp4" "$tmp/a6.mp4" "$tmp/a1.mp4"

# 2. control-room-thermal: a 20 s hold of the frame at 0.0, the whole clip at 3x, a 30 s hold of the frame at
#    139.0, then [21.3,72] (P2, P3) at 3x; white-hot inferno palette at 320x180, shown at 640x360.
hold "$tmp/t0.mp4" "$table" 0 20 10
part "$tmp/t1.mp4" "$table" 0 139.4 0.33333333 10
hold "$tmp/t2.mp4" "$table" 139.0 30 10
part "$tmp/t3.mp4" "$table" 21.3 72 0.33333333 10
join "$out/control-room-thermal.mp4" 10 \
  "format=gray,negate,scale=320:180,format=gbrp,pseudocolor=p=inferno,scale=640:360,format=yuv420p" \
  "$tmp/t0.mp4" "$tmp/t1.mp4" "$tmp/t2.mp4" "$tmp/t3.mp4"

# 3. parish-hall-interlaced: S6, 4 s video loss, S2, S4, 6 s video loss, S3, S5, S6 again; 1x; odd lines
#    from the next frame (comb teeth on movement).
font=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf
for d in 4 6; do
  ff -f lavfi -i "color=c=0x1428a0:s=768x432:r=10:d=$d" -vf \
    "drawtext=fontfile=$font:text='VIDEO LOSS  CH-03':fontcolor=white:fontsize=36:x=(w-tw)/2:y=(h-th)/2,format=yuv420p,setsar=1" \
    -r 10 "${lossless[@]}" "$tmp/loss$d.mp4"
done
part "$tmp/i6.mp4" "$table" 121.5 139.3 1 10
part "$tmp/i2.mp4" "$table" 21.3 47 1 10
part "$tmp/i4.mp4" "$table" 72 89.5 1 10
part "$tmp/i3.mp4" "$table" 47 72 1 10
part "$tmp/i5.mp4" "$table" 89.5 121.5 1 10
join "$tmp/i.mp4" 10 "null" "$tmp/i6.mp4" "$tmp/loss4.mp4" "$tmp/i2.mp4" "$tmp/i4.mp4" "$tmp/loss6.mp4" \
  "$tmp/i3.mp4" "$tmp/i5.mp4" "$tmp/i6.mp4"
ff -i "$tmp/i.mp4" -i "$tmp/i.mp4" -filter_complex \
  "[1:v]trim=start_frame=1,setpts=PTS-STARTPTS,tpad=stop_mode=clone:stop=1[n];[0:v][n]blend=all_expr='if(mod(Y\,2)\,B\,A)':shortest=1[v]" \
  -map "[v]" "${enc[@]}" "$out/parish-hall-interlaced.mp4"

# 4. tasting-shelf-flipped: C [29.5,39.855], A [0,14.5], 25 s hold (the frame at 14.4), B [14.5,29.5],
#    A again, all 0.75x, then a 20 s hold of the frame at 39.8; flipped vertically, hue +120 degrees, 20 fps.
part "$tmp/bc.mp4" "$shelf" 29.5 39.855 1.3333333 20
part "$tmp/ba.mp4" "$shelf" 0 14.5 1.3333333 20
hold "$tmp/bh1.mp4" "$shelf" 14.4 25 20
part "$tmp/bb.mp4" "$shelf" 14.5 29.5 1.3333333 20
hold "$tmp/bh2.mp4" "$shelf" 39.8 20 20
join "$out/tasting-shelf-flipped.mp4" 20 "vflip,hue=h=120" \
  "$tmp/bc.mp4" "$tmp/ba.mp4" "$tmp/bh1.mp4" "$tmp/bb.mp4" "$tmp/ba.mp4" "$tmp/bh2.mp4"

# 5. marina-carpark-1fps: stills of the empty lot (18.5, 40, 25, 55, 20 s) around four passes of the car
#    (14 s forward, 17 s backwards, 11 s forward, 14 s backwards); glare look; 1 fps.
empty_lot "$tmp/empty.png"
for d in 18.5 40 25 55 20; do
  ff -loop 1 -framerate 12 -t "$d" -i "$tmp/empty.png" -vf "format=yuv420p,setsar=1" -r 12 "${lossless[@]}" "$tmp/g$d.mp4"
done
part "$tmp/p1.mp4" "$lot" 0 3.417 "14/3.417" 12
part "$tmp/p2.mp4" "$lot" 0 3.417 "17/3.417" 12 reverse
part "$tmp/p3.mp4" "$lot" 0 3.417 "11/3.417" 12
part "$tmp/p4.mp4" "$lot" 0 3.417 "14/3.417" 12 reverse
join "$out/marina-carpark-1fps.mp4" 1 \
  "fps=1,scale=640:360,eq=brightness=0.12:contrast=0.85:gamma=1.3:saturation=0.7" \
  "$tmp/g18.5.mp4" "$tmp/p1.mp4" "$tmp/g40.mp4" "$tmp/p2.mp4" "$tmp/g25.mp4" "$tmp/p3.mp4" "$tmp/g55.mp4" \
  "$tmp/p4.mp4" "$tmp/g20.mp4"

finish
