#!/usr/bin/env bash
# Makes the recordings of the seventeenth blind set (bench/blind/set-2026-12-05q.json) from the shared clips.
# Usage: bench/blind/make-recordings-17.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind17)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md; the
# README is copied beside the recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR;
# ONLY=rec_NAME remakes a single recording.
# Recipes differ from make-recordings{,-2,...,-16}.sh:
#   hobby-counter-tiltshift: the table clip in a tilt-shift "miniature" look (a sharp band across the middle, the top
#     and bottom blurred through a soft gradient mask, saturation and contrast pushed, a vignette), 10 fps, with speed
#     ramps inside visits: an 8 s empty hold, P6 slowing from 2x to 0.5x, P1 speeding up from 0.4x to 1.6x, a 40 s
#     empty hold, P2 backwards (he walks in backwards at the right edge and leaves at the bottom), P5 at 1.5x, P3 at
#     0.7x, a 12 s hold.
#   stand-duotone-ghostpair: two tracks of the table clip: A as filmed (P1, P2, a 36 s empty hold, P3, P4, P5, P6, a 10 s
#     hold) and B mirrored left-right, of which only the person (keyed by the difference from the mirrored empty table,
#     cleaned by erosion/dilation) is laid over A 70 px left of where the mirror puts him/her, so that a second visitor
#     stands left of the table: P6 during P2's stay, P4 alone in A's empty stretch, P1 during P5's stay; then turned 3
#     degrees, cut to a 4:3 frame (536x402 from the middle, scaled to 640x480) in a navy-and-cream duotone, 10 fps.
#   shoedesk-crossproc-loop: a looped tape: a 5 s hold, the whole table clip at 1.6x, a 20 s hold of the empty desk,
#     the whole clip again mirrored at 2x, a 6 s hold; cross-processed colours (curves preset cross_process), turned 4
#     degrees anticlockwise and cropped (684x384 from the middle) back to 768x432, 10 fps.
#   reagent-bench-huecycle: the bottle clip under colour-cycling light (hue turning a full circle every 24 s, more
#     saturation; bottles, bench and hand change colour all the time), a milky smudge on the lens at the top right,
#     cut to a 2.35:1 "cinemascope" band (640x272 at y 64), 20 fps; parts: 3 bottles held 10 s, part A (3.0-14.5)
#     backwards at 0.7x, a 30 s hold, part C (29.5-39.5) forwards then straight away backwards (a ping-pong: the right
#     bottle is taken and put back twice), a 20 s hold, part B (14.5-29.5) at 0.6x, a 15 s hold, part A at 1.5x, an 8 s
#     hold.
#   overflow-lot-heathaze: the parking-lot clip on a hot afternoon (heat shimmer: pixel rows shifted sideways by a
#     moving sine, geq; warm colour temperature, bright, more colour), cut to 4:3 (its left 360x270, where the car
#     drives) and scaled to 480x360, 8 fps; five passes of the car between stills of the empty lot (recipes.sh
#     empty_lot): 0.6x, backwards 1x, forwards with a speed ramp from 0.25x to 1.5x, 1.5x, backwards 0.4x; empty gaps of
#     17/33/9/48/26/14 s.
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate (speed ramps with a logarithmic
# setpts), joined with the concat filter and given the recording's look in one final encode (recipes.sh: libx264
# veryfast crf 20, yuv420p). Two lanes run at once (the slow keyed recording alone, the four others one after the
# other): about 3.3 minutes on this 2-core machine (ffmpeg 5.1.9, Debian 12); run twice here, the outputs were
# byte-identical.
# Source timelines (test/fixtures/truth.ts, refined in make-recordings-7.sh..-16.sh): in-view intervals of the table
# clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8]
# [123.5, 136.0]; the table is empty at the cut and hold points used here (0, 2.0 = the still of the empty table, 3,
# 21.3, 47, 72, 89.5, 121.5, 139.3). People walk in at the bottom (close to the camera) and leave at the right edge.
# Bottles on the bench (left, middle, right): 3 until the left one is taken at 6.7, back at 11.5; the left and middle
# ones taken together at 17.3; the middle one back at 22.3, the left one back at 27.6; the right one taken at 31.5,
# back at 35.5; 3 to the end (39.855); no hand in view at 3.0, 14.5, 29.5, 39.5 (the cut and hold points). The
# parking-lot clip (3.417 s, 41 frames at 12 fps) has the silver car in view in every frame (in at the bottom, out at
# the left edge; a walker and a cyclist cross the far side during each pass, the set asks nothing about them); the
# stills of the empty lot show no car.
# Every output was checked after it was made: per-frame difference from the empty scene (gray, downscaled, pixels
# differing by more than 30 levels, every frame) for the people and the car, frame sheets with timestamps (ffmpeg
# trim + fps + drawtext of the pts + tile: 1 fps overviews, 5-10 fps strips around every change, the keyed second
# visitor and every bottle event read on the strips): the times below are the ones read there (to within 0.2 s; a
# person or car counts from the first frame with any part in view to the last; a bottle is gone once lifted off,
# back once set down).
# Cameras and start times in the set (clock time = start + recording seconds, UTC; "right now" is the end of the
# recording and relative windows such as "the last minute" are measured back from it):
#   hobby-counter-tiltshift -> hobby-shop-counter 2027-05-03T10:14:25Z; stand-duotone-ghostpair ->
#   planetarium-info-stand 2027-05-08T15:52:40Z; shoedesk-crossproc-loop -> bowling-shoe-desk 2027-05-14T19:58:10Z
#   (20:00:00 falls at 110 s); reagent-bench-huecycle -> teaching-lab-reagent-bench 2027-05-20T08:41:05Z;
#   overflow-lot-heathaze -> stadium-overflow-lot 2027-05-27T13:36:50Z.
# Truth in recording seconds (read on the outputs):
#   hobby-counter-tiltshift (180.3 s): empty 0-9.0; P6 9.0-19.5; P1 30.6-44.9; empty 44.9-87.6 (42.7 s, the longest);
#     P2 (backwards) 87.6-109.9, P5 113.0-131.8, P3 137.2-165.6; empty to the end. One person at a time; 5 people, each
#     once; stays 10.5, 14.3, 22.3, 18.8, 28.4 (94.3 s in all).
#   stand-duotone-ghostpair (185.3 s): A: P1 6.0-19.6, P2 22.7-44.5, P3 86.2-105.5, P4 110.5-122.5, P5 128.1-155.6, P6
#     159.5-171.9; B (mirrored, left of the table): P6 28.9-40.9, P4 54.5-66.3, P1 134.1-147.1. 9 visits by 6 people;
#     two at once 28.9-40.9 and 134.1-147.1 (25.0 s), never more; empty 66.3-86.2 (19.9 s, the longest) and
#     171.9-185.3 (13.4 s), shorter gaps elsewhere; somebody in view 118.4 s in all.
#   shoedesk-crossproc-loop (187.8 s): P1 8.8-17.7, P2 19.3-33.3, P3 36.4-49.0, P4 51.6-59.6, P5 62.6-80.4, P6
#     82.2-90.4; empty 90.4-115.1 (24.7 s, the longest); mirrored: P1 115.1-122.3, P2 123.5-134.8, P3 137.2-147.3, P4
#     149.4-155.8, P5 158.2-172.4, P6 173.8-180.4; empty to the end. One person at a time; 12 visits by 6 people
#     (gaps of 1.2-3.1 s between visits inside a loop); 125.3 s with somebody at the desk.
#   reagent-bench-huecycle (152.1 s; left, middle, right as on screen): 3 bottles; left taken 13.6, back 20.9; right
#     taken 58.5, back 62.5; right taken 70.5, back 74.3; left and middle taken together 101.3 (one left); middle back
#     109.6, left back 118.2; left taken 138.9, back 142.3; 3 to the end. 6 bottles taken (5 takes), 6 put back; fewer
#     than 3 for 35.4 s; the longest full stretch 20.9-58.5 (37.6 s).
#   overflow-lot-heathaze (171.75 s): the car is in view 17.0-22.75, 55.75-59.12 (backwards: in at the left edge, out
#     at the bottom), 68.12-73.0 (accelerating), 121.0-123.25 and 149.25-157.75 (backwards); no car at other times
#     (longest empty stretch 73.0-121.0, 48.0 s); a car in view 24.75 s in all.
# Clothes (test/fixtures/appearance.ts; the duotone and cross-processed pictures do not show true colours): P1 long
# grey cardigan (grey skirt, dark leggings, long fair hair), P2 black jacket + dark jeans (a man), P3 black top + black
# trousers (long blonde hair), P4 black T-shirt + black trousers, P5 grey cardigan + dark navy jeans (long dark hair),
# P6 light grey shirt + blue jeans (short hair, a man); the lot's car is silver.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind17}"

# x264 lossless intermediates; every part of a recording has the recording's size, frame rate and SAR.
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p)

# part OUT IN START END SPEED FPS [PRE] [POST]: IN's [START, END) at SPEED (PRE before the retiming, e.g.
# "reverse,", POST after it, e.g. ",hflip"), resampled to FPS.
part() {
  ff -i "$2" -vf "trim=start=$3:end=$4,setpts=PTS-STARTPTS,${7:-}setpts=PTS-STARTPTS,setpts=PTS/$5,fps=$6${8:-},setsar=1,format=yuv420p" \
    "${lossless[@]}" "$1"
}
# ramp OUT IN START END A B FPS [POST]: IN's [START, END) with the speed changing linearly (in source time) from
# A to B: a source moment tau seconds into the part is shown at (L/(B-A))*ln(1+(B-A)*tau/(L*A)), L = END-START.
ramp() {
  local L; L=$(awk -v s="$3" -v e="$4" 'BEGIN{printf "%.6f", e-s}')
  ff -i "$2" -vf "trim=start=$3:end=$4,setpts=PTS-STARTPTS,setpts='($L/($6-($5)))*log(1+($6-($5))*T/($L*$5))/TB',fps=$7${8:-},setsar=1,format=yuv420p" \
    "${lossless[@]}" "$1"
}
# hold OUT PNG SECONDS FPS [POST]: a still held for SECONDS.
hold() {
  ff -loop 1 -framerate "$4" -t "$3" -i "$2" -vf "fps=$4${5:-},setsar=1,format=yuv420p" "${lossless[@]}" "$1"
}
# still OUT IN SECOND: one frame of IN as PNG.
still() { ff -i "$2" -vf "trim=start=$3,setpts=PTS-STARTPTS" -frames:v 1 "$1"; }
# join OUT FILTER PART...: the parts concatenated, FILTER applied, encoded with recipes.sh's settings.
join() {
  local o="$1" f="$2"; shift 2
  local args=() lab="" i=0
  for p in "$@"; do args+=(-i "$p"); lab+="[$i:v]"; i=$((i + 1)); done
  ff "${args[@]}" -filter_complex "${lab}concat=n=$i:v=1:a=0,$f" "${enc[@]}" "$o"
}

still "$tmp/table-empty.png" "$table" 2.0       # the empty table (nobody in view 0-5.9 s)
ff -i "$tmp/table-empty.png" -vf hflip "$tmp/table-empty-m.png"
still "$tmp/shelf-3.0.png" "$shelf" 3.0          # 3 bottles, no hand
still "$tmp/shelf-29.5.png" "$shelf" 29.5        # 3 bottles, no hand
still "$tmp/shelf-14.5.png" "$shelf" 14.5        # 3 bottles, no hand
empty_lot "$tmp/lot-empty.png"

# ---- 1. hobby-counter-tiltshift: a tilt-shift "miniature" look (sharp band across the middle, the top and the
# bottom blurred through a soft gradient mask, colours and contrast pushed), 10 fps, speed ramps.
rec_tiltshift() {
  local d="$tmp/r1"; mkdir -p "$d"
  ff -f lavfi -i color=black:s=768x432 -vf "format=gray,geq=lum='255*clip((abs(Y-0.52*H)-0.16*H)/(0.14*H),0,1)'" \
    -frames:v 1 "$d/mask.png"
  hold "$d/01.mkv" "$tmp/table-empty.png" 8 10
  ramp "$d/02.mkv" "$table" 121.5 139.3 2 0.5 10        # P6, slowing from 2x to 0.5x
  ramp "$d/03.mkv" "$table" 3.0 21.3 0.4 1.6 10         # P1, speeding up from 0.4x to 1.6x
  hold "$d/04.mkv" "$tmp/table-empty.png" 40 10
  part "$d/05.mkv" "$table" 21.3 47 1 10 "reverse,"     # P2 backwards
  part "$d/06.mkv" "$table" 89.5 121.5 1.5 10           # P5 at 1.5x
  part "$d/07.mkv" "$table" 47 72 0.7 10                # P3 at 0.7x
  hold "$d/08.mkv" "$tmp/table-empty.png" 12 10
  ff -i "$d/01.mkv" -i "$d/02.mkv" -i "$d/03.mkv" -i "$d/04.mkv" -i "$d/05.mkv" -i "$d/06.mkv" -i "$d/07.mkv" \
    -i "$d/08.mkv" -loop 1 -framerate 10 -i "$d/mask.png" -filter_complex \
    "[0:v][1:v][2:v][3:v][4:v][5:v][6:v][7:v]concat=n=8:v=1:a=0,eq=saturation=1.55:contrast=1.15:brightness=0.03,split[s][b];\
[b]gblur=sigma=7[bl];[8:v]format=gray[m];[bl][m]alphamerge[ba];[s][ba]overlay=shortest=1,vignette=angle=PI/6,format=yuv420p" \
    "${enc[@]}" "$out/hobby-counter-tiltshift.mp4"
}

# ---- 2. stand-duotone-ghostpair: a second camera track B (the table clip mirrored left-right) whose person only
# (keyed by the difference from the mirrored empty table) is laid over track A 70 px to the left of where the
# mirror puts it, so that a second visitor stands left of the table; then turned 3 degrees, cut to a 4:3 frame
# (536x402 from the middle) and scaled to 640x480, in a navy-and-cream duotone, 10 fps.
rec_duotone() {
  local d="$tmp/r2"; mkdir -p "$d"
  part "$d/a1.mkv" "$table" 0 47 1 10                   # P1, P2
  hold "$d/a2.mkv" "$tmp/table-empty.png" 36 10
  part "$d/a3.mkv" "$table" 47 139.3 1 10               # P3, P4, P5, P6
  hold "$d/a4.mkv" "$tmp/table-empty.png" 10 10         # A: 185.3 s
  hold "$d/b1.mkv" "$tmp/table-empty-m.png" 27 10
  part "$d/b2.mkv" "$table" 121.5 139.3 1 10 "" ",hflip"   # P6 mirrored (27-44.8)
  hold "$d/b3.mkv" "$tmp/table-empty-m.png" 7.2 10
  part "$d/b4.mkv" "$table" 72 89.5 1 10 "" ",hflip"       # P4 mirrored (52-69.5)
  hold "$d/b5.mkv" "$tmp/table-empty-m.png" 61.5 10
  part "$d/b6.mkv" "$table" 3 21.3 1 10 "" ",hflip"        # P1 mirrored (131-149.3)
  hold "$d/b7.mkv" "$tmp/table-empty-m.png" 36 10          # B: 185.3 s
  ff -i "$d/a1.mkv" -i "$d/a2.mkv" -i "$d/a3.mkv" -i "$d/a4.mkv" \
    -i "$d/b1.mkv" -i "$d/b2.mkv" -i "$d/b3.mkv" -i "$d/b4.mkv" -i "$d/b5.mkv" -i "$d/b6.mkv" -i "$d/b7.mkv" \
    -loop 1 -framerate 10 -i "$tmp/table-empty-m.png" -filter_complex \
    "[0:v][1:v][2:v][3:v]concat=n=4:v=1:a=0,format=yuv444p[a];\
[4:v][5:v][6:v][7:v][8:v][9:v][10:v]concat=n=7:v=1:a=0,format=gbrp,split[b1][b2];[11:v]format=gbrp[e];\
[b1][e]blend=all_mode=difference:shortest=1,format=gray,lut=y='if(gt(val,26),255,0)',erosion,erosion,\
dilation,dilation,dilation,dilation,dilation,dilation,dilation,erosion,erosion,erosion,erosion,gblur=sigma=1.5[m];\
[b2]format=yuv444p[bc];[bc][m]alphamerge[bp];[a][bp]overlay=x=-70:y=0:shortest=1,\
rotate=3*PI/180,crop=536:402,scale=640:480,format=gray,format=rgb24,\
lutrgb=r='25+val*0.9':g='30+val*0.78':b='70+val*0.5',format=yuv420p" \
    "${enc[@]}" "$out/stand-duotone-ghostpair.mp4"
}

# ---- 3. shoedesk-crossproc-loop: the whole table clip played at 1.6x, a 20 s hold of the empty desk, then the
# whole clip again mirrored at 2x (a looped tape), cross-processed colours (curves preset), turned 4 degrees
# anticlockwise and cropped (684x384 from the middle) back to 768x432, 10 fps.
rec_loop() {
  local d="$tmp/r3"; mkdir -p "$d"
  hold "$d/01.mkv" "$tmp/table-empty.png" 5 10
  part "$d/02.mkv" "$table" 0 139.3 1.6 10
  hold "$d/03.mkv" "$tmp/table-empty.png" 20 10
  part "$d/04.mkv" "$table" 0 139.3 2 10 "" ",hflip"
  hold "$d/05.mkv" "$tmp/table-empty-m.png" 6 10
  join "$out/shoedesk-crossproc-loop.mp4" \
    "curves=preset=cross_process,rotate=-4*PI/180,crop=684:384,scale=768:432,setsar=1,format=yuv420p" \
    "$d"/0{1,2,3,4,5}.mkv
}

# ---- 4. reagent-bench-huecycle: the bottle clip under colour-cycling light (hue turning a full circle every 24 s),
# a milky smudge on the lens at the top right, cut to a 2.35:1 "cinemascope" band (640x272 at y 64), 20 fps.
rec_bottles() {
  local d="$tmp/r4"; mkdir -p "$d"
  hold "$d/01.mkv" "$tmp/shelf-3.0.png" 10 20
  part "$d/02.mkv" "$shelf" 3.0 14.5 0.7 20 "reverse,"   # part A backwards at 0.7x
  hold "$d/03.mkv" "$tmp/shelf-3.0.png" 30 20
  part "$d/04.mkv" "$shelf" 29.5 39.5 1 20               # part C
  part "$d/05.mkv" "$shelf" 29.5 39.5 1 20 "reverse,"    # part C backwards
  hold "$d/06.mkv" "$tmp/shelf-29.5.png" 20 20
  part "$d/07.mkv" "$shelf" 14.5 29.5 0.6 20             # part B at 0.6x
  hold "$d/08.mkv" "$tmp/shelf-29.5.png" 15 20
  part "$d/09.mkv" "$shelf" 3.0 14.5 1.5 20              # part A at 1.5x
  hold "$d/10.mkv" "$tmp/shelf-14.5.png" 8 20
  ff -f lavfi -i color=black:s=640x360 -vf "format=gray,geq=lum='150*exp(-(pow(X-530,2)+pow(Y-90,2))/(2*75*75))'" \
    -frames:v 1 "$d/smudge.png"
  ff -i "$d/01.mkv" -i "$d/02.mkv" -i "$d/03.mkv" -i "$d/04.mkv" -i "$d/05.mkv" -i "$d/06.mkv" -i "$d/07.mkv" \
    -i "$d/08.mkv" -i "$d/09.mkv" -i "$d/10.mkv" -loop 1 -framerate 20 -i "$d/smudge.png" \
    -f lavfi -i "color=0xF4F0E8:s=640x360:r=20" -filter_complex \
    "[0:v][1:v][2:v][3:v][4:v][5:v][6:v][7:v][8:v][9:v]concat=n=10:v=1:a=0,hue=H=2*PI*t/24:s=1.25[v];\
[10:v]format=gray[m];[11:v][m]alphamerge[w];[v][w]overlay=shortest=1,crop=640:272:0:64,setsar=1,format=yuv420p" \
    "${enc[@]}" "$out/reagent-bench-huecycle.mp4"
}

# ---- 5. overflow-lot-heathaze: the parking-lot clip on a hot afternoon (heat shimmer: rows shifted sideways by a
# moving sine, a warm, bright, high-key grade), cut to 4:3 (its left 360x270, where the car drives) and scaled
# to 480x360, 8 fps, five passes of the car between stills of the empty lot.
rec_lot() {
  local d="$tmp/r5"; mkdir -p "$d"
  hold "$d/01.mkv" "$tmp/lot-empty.png" 17 8
  part "$d/02.mkv" "$lot" 0 3.417 0.6 8                  # forward at 0.6x
  hold "$d/03.mkv" "$tmp/lot-empty.png" 33 8
  part "$d/04.mkv" "$lot" 0 3.417 1 8 "reverse,"         # backwards at 1x
  hold "$d/05.mkv" "$tmp/lot-empty.png" 9 8
  ramp "$d/06.mkv" "$lot" 0 3.417 0.25 1.5 8             # forward, accelerating from 0.25x to 1.5x
  hold "$d/07.mkv" "$tmp/lot-empty.png" 48 8
  part "$d/08.mkv" "$lot" 0 3.417 1.5 8                  # forward at 1.5x
  hold "$d/09.mkv" "$tmp/lot-empty.png" 26 8
  part "$d/10.mkv" "$lot" 0 3.417 0.4 8 "reverse,"       # backwards at 0.4x
  hold "$d/11.mkv" "$tmp/lot-empty.png" 14 8
  join "$out/overflow-lot-heathaze.mp4" \
    "crop=360:270:0:0,scale=480:360,geq=lum='p(X+2.2*sin(Y/6+T*7),Y)':cb='p(X+1.1*sin(Y/3+T*7),Y)':cr='p(X+1.1*sin(Y/3+T*7),Y)',\
colortemperature=temperature=4600,eq=brightness=0.04:contrast=0.96:saturation=1.25:gamma=1.06,setsar=1,format=yuv420p" \
    "$d"/{01,02,03,04,05,06,07,08,09,10,11}.mkv
}

# ONLY=rec_NAME remakes one recording.
if [[ -n "${ONLY:-}" ]]; then "$ONLY"; finish; exit 0; fi
# Two lanes, one ffmpeg each at a time (2 cores): the slow keyed recording in one, the four others in the other.
rec_duotone & p1=$!
{ rec_lot && rec_loop && rec_tiltshift && rec_bottles; } & p2=$!
wait $p1; wait $p2
finish
