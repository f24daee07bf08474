#!/usr/bin/env bash
# Makes the recordings of the nineteenth blind set (bench/blind/set-2026-12-07s.json) from the shared clips.
# Usage: bench/blind/make-recordings-19.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind19)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md; the
# README is copied beside the recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR;
# ONLY=NAME (a recording's file name without .mp4) remakes a single recording.
# Recipes differ from make-recordings{,-2,...,-18}.sh:
#   gatehouse-nightscope: the table clip through a green night-vision scope (monochrome green phosphor, a soft
#     glow, moving grain, the corners blacked out by a soft-edged elliptical eyepiece mask), 10 fps; the recording
#     runs over midnight (00:00:00 UTC falls 60 s in, inside the long empty hold); its visits: a 9 s empty hold, P2
#     at 1.25x, P6 at 0.85x, a 42 s empty hold, P1, P5 at 1.4x, P4 at 0.75x, a 7 s hold.
#   tearoom-portrait-blurfill: the table clip as a phone "story" (portrait 540x960): the picture shrunk to 540x304
#     in the middle of the frame, above and below it a blurred, darkened, enlarged still of the empty room (static,
#     so no blurred copies of the people), a small "LIVE" badge, soft faded colours, 10 fps; its visits: a 15 s
#     empty hold, P3, P4 at 1.3x, a 28 s empty hold, P3 again at 0.8x, P6 at 1.5x, P2 at 1.15x, a 10 s hold.
#   kitchen-twin-benches-blinds: two benches side by side in one 1280x360 frame (each 632 px wide, a dark 16 px
#     post between them): the left bench is the bottle clip as filmed, the right bench the bottle clip mirrored,
#     each with its own parts, so that up to six bottles stand in view; light through venetian blinds (soft dark
#     horizontal bands drifting slowly down the picture) and a warm white balance, 15 fps. Left bench: a 10 s hold
#     (3 bottles), part A (3.0-14.5), a 30 s hold, part B (14.5-29.5) at 0.8x, a 36 s hold, part C (29.5-39.5) at
#     1.25x, a hold to the end; right bench: a 12 s hold, part C at 0.8x, a 28.5 s hold, part A backwards (the
#     left bottle's return becomes a take and its take a return), a 25 s hold, part B at 1.25x, a hold to the end.
#   lot-red-silver-goldenhour: the parking-lot clip in a warm low-sun grade (colour temperature 5000 K, more colour, a
#     light vignette), 12 fps; on three of its five passes the car is repainted red (only the car: its difference from
#     the empty lot inside the lower-left zone where it drives, where brighter than the asphalt: roof, bonnet, boot and
#     the lit flanks; recoloured with a channel mixer), so a silver car and a red car take turns: silver at 0.6x, red
#     at 1x, red backwards at 0.5x, silver at 0.3x, red at 0.8x, between stills of the empty lot (recipes.sh
#     empty_lot); empty gaps of 17/33/9/48/21/14 s.
#   console-main-plus-two: a guard's console in a "1 + 2" layout (1152x432: one 768x432 main view on the left, two
#     380x212 views stacked on the right, grey separators, a label in each: "1 MAIN HALL", "2 EAST DOOR", "3 WEST
#     DOOR"), each view the table clip at other times, 10 fps, so that each of the six people comes exactly once and
#     up to three are on screen at once: main: a 6 s empty hold, P5, a hold, P2 from 80 s; top right: a 20 s hold,
#     P4, a hold, P6 at 0.8x from 112 s; bottom right: a 14 s hold, P1 at 1.2x, a hold, P3 from 96 s; all views held
#     empty to 145 s.
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate, joined with the concat
# filter and given the recording's look in one final encode (recipes.sh: libx264 veryfast crf 20, yuv420p; x264
# threads fixed at 2 so that the bytes do not depend on the number of cores). About 2.7 minutes on this 2-core machine
# (ffmpeg 5.1.9, Debian 12); run twice here, the outputs were byte-identical.
# Source timelines (test/fixtures/truth.ts, as refined in make-recordings-7.sh..-18.sh and checked again here on 1 fps
# and 2 fps sheets): in-view intervals of the table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8,
# 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8] [123.5, 136.0]; the table is empty at the cut and hold points used
# here (2.0 = the still of the empty table, 3, 21.3, 47, 72, 89.5, 121.5, 139.3). People walk in at the bottom (close
# to the camera) and leave at the right edge. Bottles on the bench (left, middle, right): 3 until the left one is
# taken at 6.7, back at 11.5; the left and middle ones taken together at 17.3; the middle one back at 22.3, the left
# one back at 27.6; the right one taken at 31.5, back at 35.5; 3 to the end (39.855); no hand in view at 3.0, 14.5,
# 29.5, 39.5 (the cut and hold points). The parking-lot clip (3.417 s, 41 frames at 12 fps) has the silver car in
# view in every frame (a walker and a cyclist cross the far side during each pass; the set asks nothing about them).
# Every output was checked after it was made: per-frame difference from the empty scene (gray, 192 px wide, pixels
# differing by more than 30 levels; per view for the console, the picture only for the portrait) and 5 fps strips
# with timestamps around every boundary (ffmpeg -ss + fps + drawtext of the pts + tile; every bottle event read per
# bench): the times below are the ones read there (to within 0.3 s; a person or car counts from the first frame with
# any part in view to the last; a bottle is gone once lifted off, back once set down).
# Cameras and start times in the set (clock time = start + recording seconds, UTC; "right now" is the end of the
# recording and relative windows such as "the last minute" are measured back from it):
#   gatehouse-nightscope -> gatehouse-lodge 2027-07-03T23:59:00Z (midnight, the start of July 4, falls at 60 s);
#   tearoom-portrait-blurfill -> tearoom-hatch 2027-07-09T15:46:30Z; kitchen-twin-benches-blinds -> scout-camp-kitchen
#   2027-07-14T07:18:40Z; lot-red-silver-goldenhour -> vineyard-visitor-lot 2027-07-21T18:52:15Z;
#   console-main-plus-two -> town-hall-console 2027-07-28T10:29:20Z.
# Truth in recording seconds (read on the outputs):
#   gatehouse-nightscope (163.9 s): empty 0-10.2; P2 10.2-27.6, P6 32.1-46.4; empty 46.4-95.6 (49.2 s, the longest;
#     midnight at 60); P1 95.6-109.1, P5 112.7-132.3, P4 137.2-153.3; empty to the end. One person at a time; 5 people,
#     2 before midnight and 3 after; stays 17.4, 14.3, 13.5, 19.6, 16.1 (80.9 s in all). No colours (monochrome).
#   tearoom-portrait-blurfill (156.9 s; times of the picture in the middle): empty 0-18.2; P3 18.2-38.0, P4 41.9-51.7;
#     empty 51.7-85.5 (33.8 s, the longest); P3 again 85.5-110.3, P6 114.1-122.8, P2 125.9-145.5; empty to the end. One
#     person at a time; 5 visits by 4 people (the blonde woman twice, 47.5 s between her leaving and coming back);
#     stays 19.8, 9.8, 24.8, 8.7, 19.6 (82.7 s in all); P6 (light grey shirt) is the only one in grey.
#   kitchen-twin-benches-blinds (127.93 s; 6 bottles in view at the start): left bench: its left bottle taken 13.7,
#     back 18.5; left and middle taken together 55.2, middle back 61.1, left back 67.7; right taken 108.1, back 110.8.
#     Right bench (mirrored): its leftmost bottle taken 14.6, back 19.4; its rightmost taken 55.9, back 60.5; its
#     middle and rightmost taken together 91.9, middle back 95.7, rightmost back 99.9. Bottles in view: 6 to 13.7, 5,
#     4 from 14.6, 5 from 18.5, 6 from 19.4 to 55.2, 4, 3 from 55.9 to 60.5 (the fewest, 4.6 s), 4, 5 from 61.1, 6 from
#     67.7 to 91.9, 4, 5 from 95.7, 6 from 99.9 to 108.1, 5, 6 from 110.8 to the end. Fewer than 6 for 28.9 s in all;
#     the longest stretch with all 6: 19.4-55.2 (35.8 s).
#   lot-red-silver-goldenhour (173.58 s): the car is in view 17.0-22.58 (silver, 0.6x), 55.67-59.0 (red), 68.08-74.83
#     (red, backwards: in at the left edge, out at the bottom), 122.92-134.25 (silver, 0.3x) and 155.33-159.5 (red);
#     no car at other times (gaps 17.0, 33.1, 9.1, 48.1 = the longest, 21.1, 14.1); never two; red in view 14.25 s.
#   console-main-plus-two (144.9 s): main view P5 8.6-37.1, P2 81.4-103.9; top right P4 22.5-35.3, P6 114.4-130.8;
#     bottom right P1 16.5-28.3, P3 99.3-119.2. On screen: 1 from 8.6, 2 from 16.5, 3 from 22.5 to 28.3 (5.8 s, the
#     only time), 2, 1 from 35.3, nobody 37.1-81.4 (44.3 s, the longest), 1, 2 from 99.3, 1 from 103.9, 2 from 114.4,
#     1 from 119.2, nobody from 130.8; 6 people, each once; stays 28.5, 11.8, 12.8, 22.5, 19.9, 16.4; somebody on
#     screen 77.9 s in all.
# Clothes (test/fixtures/appearance.ts, checked on frames of these outputs): P1 long grey cardigan (grey skirt, dark
# leggings, long fair hair), P2 black jacket + dark jeans (a man), P3 black top + black trousers (long blonde hair), P4
# black T-shirt + black trousers, P5 grey cardigan + dark navy jeans (long dark hair), P6 light grey shirt + blue jeans
# (short hair, a man); the lot's car is silver (grey) as filmed and red (roof, bonnet, boot and lit flanks; dark
# windows, grey lower flanks) where repainted.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind19}"
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p -threads 2)
final=("${enc[@]}" -threads 2)
only="${ONLY:-}"
want() { [ -z "$only" ] || [ "$only" = "$1" ]; }

# nframes SECONDS FPS: the whole number of frames nearest to SECONDS at FPS.
nframes() { awk -v d="$1" -v r="$2" 'BEGIN { printf "%d", d * r + 0.5 }'; }
# part OUT SRC FPS A B SPEED [rev]: source seconds [A, B) at SPEED (backwards with rev), resampled to FPS.
part() {
  local o=$1 s=$2 r=$3 a=$4 b=$5 k=$6 f
  if [ "${7:-fwd}" = rev ]; then f="trim=start=$a:end=$b,setpts=PTS-STARTPTS,reverse,setpts=(PTS-STARTPTS)/$k"
  else f="trim=start=$a:end=$b,setpts=(PTS-STARTPTS)/$k"; fi
  ff -i "$s" -vf "$f,fps=$r,setsar=1" "${lossless[@]}" "$o"
}
# still PNG SRC T: the source frame at T seconds.
still() { ff -i "$2" -vf "trim=start=$3,setpts=PTS-STARTPTS,setsar=1" -frames:v 1 "$1"; }
# hold OUT PNG FPS D: the picture held D seconds at FPS.
hold() { ff -loop 1 -framerate "$3" -i "$2" -vf "setsar=1,format=yuv420p" -frames:v "$(nframes "$4" "$3")" "${lossless[@]}" "$1"; }
# join OUT FPS PART...: the parts one after the other.
join() {
  local o=$1 r=$2 n=0 lbl="" args=(); shift 2
  for p in "$@"; do args+=(-i "$p"); lbl+="[$n:v]"; n=$((n + 1)); done
  ff "${args[@]}" -filter_complex "${lbl}concat=n=$n:v=1:a=0,fps=$r,setsar=1[v]" -map "[v]" "${lossless[@]}" "$o"
}

still "$tmp/table-empty.png" "$table" 2.0   # the empty table (also the still of every empty hold)

# 1. gatehouse-nightscope.mp4 (164.0 s, 10 fps, 768x432)
if want gatehouse-nightscope; then
  d="$tmp/gh"; mkdir -p "$d"
  hold "$d/00.mp4" "$tmp/table-empty.png" 10 9
  part "$d/01.mp4" "$table" 10 21.3 47 1.25          # P2
  part "$d/02.mp4" "$table" 10 121.5 139.3 0.85      # P6
  hold "$d/03.mp4" "$tmp/table-empty.png" 10 42
  part "$d/04.mp4" "$table" 10 3 21.3 1              # P1
  part "$d/05.mp4" "$table" 10 89.5 121.5 1.4        # P5
  part "$d/06.mp4" "$table" 10 72 89.5 0.75          # P4
  hold "$d/07.mp4" "$tmp/table-empty.png" 10 7
  join "$d/track.mp4" 10 "$d"/0?.mp4
  # the eyepiece: white inside an ellipse (semi-axes 420 x 262 px), black in the corners, a soft edge
  ff -f lavfi -i "color=c=black:s=768x432:d=1,format=gray" \
    -vf "geq=lum='255*clip((1-hypot((X-384)/420\,(Y-216)/262))*12\,0\,1)'" -frames:v 1 "$d/mask.png"
  ff -i "$d/track.mp4" -framerate 10 -loop 1 -i "$d/mask.png" -filter_complex \
    "[0:v]format=gray,eq=contrast=1.2:brightness=-0.1:gamma=0.9,noise=alls=18:allf=t,format=gbrp,\
colorchannelmixer=rr=0.12:rg=0:rb=0:gr=0:gg=0.8:gb=0:br=0:bg=0:bb=0.16,split[p][q];[q]gblur=sigma=7[g];\
[p][g]blend=all_mode=screen:all_opacity=0.25[s];[1:v]format=gbrp[m];[s][m]blend=all_mode=multiply:shortest=1,\
fps=10,format=yuv420p[v]" -map "[v]" "${final[@]}" "$out/gatehouse-nightscope.mp4"
fi

# 2. tearoom-portrait-blurfill.mp4 (156.9 s, 10 fps, 540x960)
if want tearoom-portrait-blurfill; then
  d="$tmp/tr"; mkdir -p "$d"
  hold "$d/00.mp4" "$tmp/table-empty.png" 10 15
  part "$d/01.mp4" "$table" 10 47 72 1               # P3
  part "$d/02.mp4" "$table" 10 72 89.5 1.3           # P4
  hold "$d/03.mp4" "$tmp/table-empty.png" 10 28
  part "$d/04.mp4" "$table" 10 47 72 0.8             # P3 again
  part "$d/05.mp4" "$table" 10 121.5 139.3 1.5       # P6
  part "$d/06.mp4" "$table" 10 21.3 47 1.15          # P2
  hold "$d/07.mp4" "$tmp/table-empty.png" 10 10
  join "$d/track.mp4" 10 "$d"/0?.mp4
  ff -i "$d/track.mp4" -framerate 10 -loop 1 -i "$tmp/table-empty.png" -filter_complex \
    "[1:v]scale=-2:960,crop=540:960,boxblur=24:2,eq=brightness=-0.12:saturation=0.7,format=yuv420p[bg];\
[0:v]scale=540:304,eq=saturation=0.9:gamma=1.04:contrast=0.95[fg];[bg][fg]overlay=0:328:shortest=1,\
drawtext=text='LIVE':x=18:y=18:fontsize=22:fontcolor=white:box=1:boxcolor=0xe0245e@0.9:boxborderw=6,\
fps=10,format=yuv420p[v]" -map "[v]" "${final[@]}" "$out/tearoom-portrait-blurfill.mp4"
fi

# 3. kitchen-twin-benches-blinds.mp4 (128.0 s, 15 fps, 1280x360)
if want kitchen-twin-benches-blinds; then
  d="$tmp/kb"; mkdir -p "$d"
  still "$d/full.png" "$shelf" 3.0                 # three bottles, no hand
  hold "$d/L0.mp4" "$d/full.png" 15 10
  part "$d/L1.mp4" "$shelf" 15 3.0 14.5 1          # A: the left bottle taken and put back
  hold "$d/L2.mp4" "$d/full.png" 15 30
  part "$d/L3.mp4" "$shelf" 15 14.5 29.5 0.8       # B: left and middle taken, middle back, left back
  hold "$d/L4.mp4" "$d/full.png" 15 36
  part "$d/L5.mp4" "$shelf" 15 29.5 39.5 1.25      # C: the right bottle taken and put back
  hold "$d/L6.mp4" "$d/full.png" 15 13.75
  join "$d/left.mp4" 15 "$d"/L?.mp4
  hold "$d/R0.mp4" "$d/full.png" 15 12
  part "$d/R1.mp4" "$shelf" 15 29.5 39.5 0.8       # C
  hold "$d/R2.mp4" "$d/full.png" 15 28.5
  part "$d/R3.mp4" "$shelf" 15 3.0 14.5 1 rev      # A backwards: the left bottle taken, then put back
  hold "$d/R4.mp4" "$d/full.png" 15 25
  part "$d/R5.mp4" "$shelf" 15 14.5 29.5 1.25      # B
  hold "$d/R6.mp4" "$d/full.png" 15 26.5
  join "$d/right.mp4" 15 "$d"/R?.mp4
  # the blinds: dark soft bands every 40 px (alpha up to 0.42), drawn 40 px taller than the frame to scroll
  ff -f lavfi -i "color=c=black:s=1280x400:d=1,format=gray" \
    -vf "geq=lum='255*0.42*pow(0.5+0.5*sin(2*PI*Y/40)\,2)'" -frames:v 1 "$d/blinds-alpha.png"
  ff -f lavfi -i "color=c=0x140c04:s=1280x400:d=1" -i "$d/blinds-alpha.png" \
    -filter_complex "[1:v]format=gray[a];[0:v]format=rgba[c];[c][a]alphamerge" -frames:v 1 "$d/blinds.png"
  ff -i "$d/left.mp4" -i "$d/right.mp4" -framerate 15 -loop 1 -i "$d/blinds.png" -f lavfi -i "color=c=0x3b2a1c:s=16x360:r=15" \
    -filter_complex "[0:v]crop=632:360:0:0[l];[1:v]hflip,crop=632:360:8:0[r];[l][3:v][r]hstack=inputs=3:shortest=1,\
colortemperature=temperature=4800,eq=saturation=1.08[pic];[2:v]format=rgba[b];\
[pic][b]overlay=x=0:y='-mod(t*2\,40)':shortest=1,fps=15,format=yuv420p[v]" \
    -map "[v]" "${final[@]}" "$out/kitchen-twin-benches-blinds.mp4"
fi

# 4. lot-red-silver-goldenhour.mp4 (about 173.6 s, 12 fps, 480x270)
if want lot-red-silver-goldenhour; then
  d="$tmp/lr"; mkdir -p "$d"
  empty_lot "$d/empty.png"
  # the zone where the car drives (and the walker and the cyclist do not): x < 270 and below y 56 (y 24 left of
  # x 135, where the car turns out of the lot), soft edges
  ff -f lavfi -i "color=c=black:s=480x270:d=1,format=gray" \
    -vf "geq=lum='255*clip((270-X)/6\,0\,1)*clip((Y-if(lt(X\,135)\,24\,56))/6\,0\,1)'" -frames:v 1 "$d/zone.png"
  # the red car: the lot clip with its car recoloured red. Mask: the largest RGB difference from the empty lot
  # above 16, opened (the thin parking lines, which shift a little with the camera, drop out) and closed, times
  # the zone, times "brighter than 114" (so the car's shadow, its windows and its darkest flanks stay as filmed).
  ff -i "$lot" -framerate 12 -loop 1 -i "$d/empty.png" -framerate 12 -loop 1 -i "$d/zone.png" -filter_complex \
    "[0:v]setsar=1,format=yuv420p,split=3[a][b][y];[1:v]setsar=1,format=gbrp[e];[a]format=gbrp[ag];\
[ag][e]blend=all_mode=difference:shortest=1,extractplanes=g+b+r[p0][p1][p2];[p0][p1]blend=all_mode=lighten[p01];\
[p01][p2]blend=all_mode=lighten,lut=y='if(gt(val\,16)\,255\,0)',erosion,erosion,dilation,dilation,dilation,dilation,\
erosion,erosion[k];[y]format=gray,lut=y='clip((val-114)*12\,0\,255)'[br];[k][br]blend=all_mode=multiply[kb];\
[2:v]format=gray[z];[kb][z]blend=all_mode=multiply:shortest=1,gblur=sigma=1[m];[b]split[c][r];\
[r]format=gbrp,colorchannelmixer=rr=0.72:rg=0.3:rb=0.2:gr=0.1:gg=0.1:gb=0:br=0.1:bg=0.05:bb=0.08,format=yuva420p[red];\
[red][m]alphamerge[redk];[c][redk]overlay=shortest=1,format=yuv420p[v]" -map "[v]" "${lossless[@]}" "$d/redlot.mp4"
  hold "$d/00.mp4" "$d/empty.png" 12 17
  part "$d/01.mp4" "$lot" 12 0 3.417 0.6                 # silver, 0.6x
  hold "$d/02.mp4" "$d/empty.png" 12 33
  part "$d/03.mp4" "$d/redlot.mp4" 12 0 3.417 1          # red, 1x
  hold "$d/04.mp4" "$d/empty.png" 12 9
  part "$d/05.mp4" "$d/redlot.mp4" 12 0 3.417 0.5 rev    # red, backwards 0.5x
  hold "$d/06.mp4" "$d/empty.png" 12 48
  part "$d/07.mp4" "$lot" 12 0 3.417 0.3                 # silver, 0.3x
  hold "$d/08.mp4" "$d/empty.png" 12 21
  part "$d/09.mp4" "$d/redlot.mp4" 12 0 3.417 0.8        # red, 0.8x
  hold "$d/10.mp4" "$d/empty.png" 12 14
  join "$d/track.mp4" 12 "$d"/[01]?.mp4
  ff -i "$d/track.mp4" -vf "colortemperature=temperature=5000,eq=gamma=1.05:saturation=1.15:contrast=1.04:brightness=0.03,\
vignette=angle=PI/7,fps=12,format=yuv420p" "${final[@]}" "$out/lot-red-silver-goldenhour.mp4"
fi

# 5. console-main-plus-two.mp4 (145.0 s, 10 fps, 1152x432)
if want console-main-plus-two; then
  d="$tmp/cs"; mkdir -p "$d"
  e="$tmp/table-empty.png"
  hold "$d/M0.mp4" "$e" 10 6;  part "$d/M1.mp4" "$table" 10 89.5 121.5 1      # P5
  hold "$d/M2.mp4" "$e" 10 42; part "$d/M3.mp4" "$table" 10 21.3 47 1        # P2 (from 80 s)
  hold "$d/M4.mp4" "$e" 10 39.3
  join "$d/main.mp4" 10 "$d"/M?.mp4
  hold "$d/T0.mp4" "$e" 10 20; part "$d/T1.mp4" "$table" 10 72 89.5 1        # P4
  hold "$d/T2.mp4" "$e" 10 74.5; part "$d/T3.mp4" "$table" 10 121.5 139.3 0.8 # P6 (from 112 s)
  hold "$d/T4.mp4" "$e" 10 10.75
  join "$d/top.mp4" 10 "$d"/T?.mp4
  hold "$d/B0.mp4" "$e" 10 14; part "$d/B1.mp4" "$table" 10 3 21.3 1.2       # P1
  hold "$d/B2.mp4" "$e" 10 66.75; part "$d/B3.mp4" "$table" 10 47 72 1       # P3 (from 96 s)
  hold "$d/B4.mp4" "$e" 10 24
  join "$d/bottom.mp4" 10 "$d"/B?.mp4
  lab="fontsize=15:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=4"
  ff -i "$d/main.mp4" -i "$d/top.mp4" -i "$d/bottom.mp4" -f lavfi -i "color=c=0x5a5a5a:s=1152x432:r=10" \
    -filter_complex "[0:v]drawtext=text='1 MAIN HALL':x=10:y=10:$lab[m];\
[1:v]scale=380:212,drawtext=text='2 EAST DOOR':x=6:y=6:$lab[t];[2:v]scale=380:212,drawtext=text='3 WEST DOOR':x=6:y=6:$lab[b];\
[3:v][m]overlay=0:0:shortest=1[v1];[v1][t]overlay=770:0:shortest=1[v2];[v2][b]overlay=770:220:shortest=1,fps=10,format=yuv420p[v]" \
    -map "[v]" "${final[@]}" "$out/console-main-plus-two.mp4"
fi

finish
