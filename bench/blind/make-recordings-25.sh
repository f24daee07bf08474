#!/usr/bin/env bash
# Makes the recordings of the twenty-fifth blind set (bench/blind/set-2026-12-13y.json) from the shared clips.
# Usage: bench/blind/make-recordings-25.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind25)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, "Sample videos" by Intel IoT DevKit,
# https://github.com/intel-iot-devkit/sample-videos, CC BY 4.0, see its README.md; the README is copied beside the
# recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# ONLY=NAME (a recording's file name without .mp4) remakes a single recording. REFERENCE=1 makes the check reference
# instead: every part replaced by the same number of frames of the empty scene, with the same look (write it to
# another OUTDIR).
# Recipes differ from make-recordings{,-2,...,-24}.sh (ordinary camera conditions whose light or framing changes
# during the recording, new part orders):
#   atelier-desk-sunsweep: the table clip from a camera re-aimed a little closer (672x378 at (72,40), scaled back to
#     768x432), on a sunny afternoon: a soft warm patch of sunlight (screened on) slides across the floor from the
#     left and up the wall to the right over the whole recording while the white balance warms from neutral to
#     3600 K (by the end the white wall is peach), 10 fps; the hour turns (16:00:00) inside the long empty hold;
#     visits: an 8 s empty hold, P1, P4 at 1.3x, a 40 s empty hold, P6 at 0.8x, P1 again at 1.2x (the woman in the
#     grey cardigan comes back), P3, a 6 s hold (P2 and P5 never come).
#   rowing-club-table-lightson: the table clip in a square 1:1 framing (432x432 at x 232, mirrored left-right, so
#     people come in at the bottom and leave at the LEFT edge; 480x480), first in dim blue pre-dawn light (10000 K,
#     dark, flat, little colour, moving sensor noise) until the ceiling tubes are switched on inside the long empty
#     hold (82.4 s: on, off, on, off, then steady bright neutral light, all within 1 s), 10 fps; visits: a 12 s
#     empty hold, P5 at 1.2x, P2 backwards (he walks in backwards from the left edge and leaves backwards at the
#     bottom), a 36 s empty hold, P5 again at 0.9x, P6, P2 again at 1.3x, a 7 s hold (P1, P3 and P4 never come).
#   yoga-bench-cloudpass: the bottle clip in window daylight with three clouds passing over (the picture dims, goes
#     flat, less colourful and cooler, then clears again; per-frame eq, deepest at 30, 72 and 104 s), 12.5 fps;
#     parts: 3 bottles held 7 s, part C (29.5-39.5) at 0.7x (the right bottle lifted off and set back), a 16 s hold,
#     part B (14.5-29.5) backwards (the left bottle taken, then the middle one, then both put back together), a
#     14 s hold, part A (3.0-14.5) at 1.3x (the left bottle taken and put back), part B to 20.0 at 0.8x (left and
#     middle taken together), the frame at 20.0 held 18 s (only the right bottle, no hand), the rest of part B at
#     0.8x (the middle one back, then the left one), a 10 s hold.
#   hardware-store-lot: the parking-lot clip re-framed on the part of the lot where the car drives (432x243 at
#     (0,27), scaled to 640x360; the walker's path is cut away, the cyclist shows at the top edge now and then), on
#     an overcast morning that clears to sunshine (flat, dim and grey until 55 s, contrast, colour and warmth rising
#     to 125 s), 12 fps; seven passes of a car between stills of the empty lot (frame 0 with the car's and the
#     walker's areas taken from frame 40): silver 1x, only 2.5 s later BLUE 0.8x, silver backwards 0.5x, blue 0.4x
#     (slow), silver 1.5x (fast), only 3 s later blue backwards 1x, silver 0.7x; empty gaps of 10/2.5/30/18/45/3/20/
#     14 s. The blue car is the silver car recoloured: its difference from the empty lot (thresholded, closed and
#     opened, kept inside the lower-left zone x<262, y>=42) where brighter than the asphalt, turned blue by a channel
#     mix (roof, bonnet, boot and the lit flanks blue; dark windows, grey lower flanks).
#   dental-surgery-waiting: the table clip in cool evening fluorescent light (7600 K, a faint green, a little less
#     colour), 10 fps; inside the long empty hold the camera's preset is changed: a 2.5 s smooth zoom (zoompan, from
#     98 s) to 1.333x onto the table (576x324 at (176,54)), so the rest is framed tighter and people come into view
#     later and go out of it sooner; the recording runs over midnight into the leap day (00:00:00 on 29 February
#     falls 80 s in, in the hold); visits: a 10 s empty hold, P6, P3 at 0.8x, P4 at 1.25x, a 58 s empty hold, P3
#     again at 1.4x, P6 again backwards (he walks in backwards from the right edge and leaves backwards at the
#     bottom), P5 at 1.15x, an 8 s hold (P1 and P2 never come).
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate, joined with the concat filter
# and given the recording's look in one final encode (libx264 veryfast crf 20, yuv420p as in recipes.sh, x264 threads
# fixed at 2 so that the bytes do not depend on the number of cores). Two lanes run at once: about 4 minutes on a
# 2-core machine (ffmpeg 5.1.9, Debian 12); run twice here, the outputs were byte-identical.
# Source timelines (test/fixtures/truth.ts, as refined in make-recordings-7.sh..-24.sh): in-view intervals of the
# table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8]
# [123.5, 136.0]; the table is empty at the cut and hold points used here (2.0 = the still of the empty table, 3,
# 21.3, 47, 72, 89.5, 121.5, 139.3; checked again on frames). People walk in at the bottom (close to the camera) and
# leave at the right edge (their shadow on the floor comes a little before them and goes a little after; it is not
# counted). Bottles on the bench (left, middle, right): 3 until the left one is taken at 6.7, back at 11.5; the left
# and middle ones taken together at 17.3; the middle one back at 22.3, the left one back at 27.6; the right one taken
# at 31.5, back at 35.5; 3 to the end (39.855); no hand in view at 3.0, 14.5, 20.0, 29.5, 39.5 (the hold points).
# The parking-lot clip (3.417 s, 41 frames at 12 fps) has the silver car in view in every frame (a walker and a
# cyclist cross the far side during each pass; the set asks nothing about them); the stills of the empty lot show no
# car.
# Every output was checked after it was made: per-frame difference (gray, 192x108 or 160x160, pixels differing by
# more than 30 levels, at least 15 of them) from the REFERENCE=1 outputs, 0.5 and 1 fps overview sheets (order,
# clothes, light), 5 fps strips with timestamps 1 s either side of every arrival and departure, 6 fps strips around
# every bottle event, every frame from 0.25 s before to 0.17 s after each car pass's first and last frame, and
# single frames at every moment a question asks about (ffmpeg -ss + fps + drawtext of the pts + tile): the times
# below are the ones read there (to within 0.2 s; a person or car counts from the first frame with any part in view
# to the last, shadows not counted; a bottle is gone once lifted off, back once set down).
# Cameras and start times in the set (clock time = start + recording seconds, UTC; "right now" is the end of the
# recording and relative windows such as "the last minute" are measured back from it):
#   atelier-desk-sunsweep -> textile-atelier-desk 2028-02-03T15:58:45Z (16:00:00 at 75 s);
#   rowing-club-table-lightson -> rowing-club-table 2028-02-08T06:41:20Z (lights on at 06:42:42.4);
#   yoga-bench-cloudpass -> yoga-studio-bench 2028-02-14T07:19:35Z (07:20:00 at 25 s, 07:21:00 at 85 s);
#   hardware-store-lot -> hardware-store-lot 2028-02-19T08:14:25Z (08:15:00 at 35 s, 08:16:00 at 95 s);
#   dental-surgery-waiting -> dental-surgery-waiting 2028-02-28T23:58:40Z (midnight, 29 February, at 80 s).
# Truth in recording seconds (read on the outputs):
#   atelier-desk-sunsweep (148.4 s): empty 0-11.0; P1 11.0-24.7, P4 28.2-37.8; empty 37.8-82.2 (44.4 s, the
#     longest; 16:00 at 75); P6 82.2-97.9, P1 again 104.6-115.9, P3 120.6-140.0; empty to the end (8.4 s). One person
#     at a time; 5 visits by 4 people, 2 before 16:00 and 3 after; stays 13.7, 9.6, 15.7, 11.3, 19.4 (69.7 s in all);
#     the woman in the grey cardigan away 79.9 s between her visits.
#   rowing-club-table-lightson (180.6 s): empty 0-14.2; P5 14.2-37.0, P2 41.2-62.9 (backwards); empty 62.9-103.3
#     (40.4 s, the longest; lights on at 82.4); P5 again 103.3-133.7, P6 138.0-150.2, P2 again 155.0-171.5; empty to
#     the end (9.1 s). One person at a time; 5 visits by 3 people; stays 22.8, 21.7, 30.4, 12.2, 16.5 (103.6 s in
#     all); the man in the black jacket away 92.1 s between his visits.
#   yoga-bench-cloudpass (122.0 s; left, middle, right as on screen): 3 bottles; right taken 10.2, back 15.6; left
#     taken 39.1, middle taken 44.3 (one left), both back together 49.1; left taken 69.2, back 73.0; left and middle
#     taken together 79.0 (one left; the freeze 82.0-100.0), middle back 103.1, left back 109.6; 3 to the end. Never
#     empty; 5 takes (6 bottles) and 5 put-backs (6 bottles); one bottle 4.8 + 24.1 = 28.9 s, fewer than 3 for 49.8 s
#     in all; the longest full stretch 15.6-39.1 (23.5 s); the right bottle away 5.4 s, the left one 30.6 s the last time.
#   hardware-store-lot (176.17 s): silver car 10.0-13.42, blue car 15.92-20.17, silver 50.17-57.0 (backwards: in at
#     the left edge, out at the bottom), blue 75.0-83.58 (slow), silver 128.58-130.83 (fast), blue 133.83-137.25
#     (backwards), silver 157.25-162.17; no car at other times (gaps 10.0, 2.5, 30.0, 18.0, 45.0 = the longest, 3.0,
#     20.0, 14.0); never two at once; 7 passes, 4 silver (17.4 s) and 3 blue (16.25 s), a car in view 33.7 s in all;
#     4 passes before 08:16, 3 after.
#   dental-surgery-waiting (202.6 s): empty 0-12.0; P6 12.0-24.6, P3 31.8-56.5, P4 61.1-71.2; empty 71.2-133.5
#     (62.3 s, the longest; midnight at 80, the zoom 98-100.5); P3 again 133.5-147.3, P6 again 152.3-164.7
#     (backwards), P5 169.1-193.4; empty to the end (9.2 s). One person at a time; 6 visits by 4 people, 3 on
#     28 February and 3 on 29 February; stays 12.6, 24.7, 10.1, 13.8, 12.4, 24.3 (97.9 s in all).
# Clothes (test/fixtures/appearance.ts, checked on frames of these outputs): P1 long grey cardigan (grey skirt, dark
# leggings, long fair hair), P2 black jacket + dark jeans (a man), P3 black top + black trousers (long blonde hair), P4
# black T-shirt + black trousers (a man), P5 grey cardigan + dark navy jeans (long dark hair), P6 light grey shirt +
# blue jeans (short hair, a man); warmer (peach) late in atelier-desk-sunsweep, bluish and dark before the lights come
# on in rowing-club-table-lightson; the lot's car is silver (pale grey) on four passes and blue on three.
set -euo pipefail

out="${1:-/tmp/vigil-blind25}"
src="${VIDEOS:-/work/shared/videos}"
only="${ONLY:-}"
reference="${REFERENCE:-0}"
mkdir -p "$out"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

table="$src/one-by-one-person-detection.mp4"   # 139.4 s, 10 fps, 768x432
shelf="$src/bottle-detection.mp4"              # 39.855 s, 179/6 fps, 640x360
lot="$src/person-bicycle-car-detection.mp4"    # 3.417 s, 41 frames at 12 fps, 480x270

ff() { ffmpeg -hide_banner -loglevel error -nostdin -y "$@"; }
# lossless intermediates (x264 qp 0) and the final encode (x264 threads fixed at 2: the bytes do not depend on the cores)
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p)
final=(-an -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -threads 2)

frames() { ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$1"; }

# still OUT.png SRC SECONDS: one frame of SRC
still() { ff -ss "$3" -i "$2" -frames:v 1 "$1"; }

# hold OUT STILL.png SECONDS FPS: the still shown for round(SECONDS*FPS) frames
hold() {
  local n; n=$(awk -v s="$3" -v f="$4" 'BEGIN { printf "%d", s * f + 0.5 }')
  ff -loop 1 -framerate "$4" -i "$2" -frames:v "$n" -vf "fps=$4,format=yuv420p" "${lossless[@]}" "$1"
}

# part OUT SRC START END SPEED FPS [rev] REFSTILL: SRC from START to END (seconds of SRC), played at SPEED
# (backwards with rev), resampled to FPS. With REFERENCE=1 the part is replaced by REFSTILL for as many frames.
part() {
  local o=$1 s=$2 a=$3 b=$4 sp=$5 fps=$6 rev=$7 refstill=$8
  local vf="trim=start=$a:end=$b,setpts=PTS-STARTPTS"
  [ "$rev" = rev ] && vf+=",reverse"
  vf+=",setpts=PTS/$sp,fps=$fps,format=yuv420p"
  ff -i "$s" -vf "$vf" "${lossless[@]}" "$o"
  if [ "$reference" = 1 ]; then
    local n; n=$(frames "$o")
    ff -loop 1 -framerate "$fps" -i "$refstill" -frames:v "$n" -vf "fps=$fps,format=yuv420p" "${lossless[@]}" "$o"
  fi
}

# join OUT FPS LOOK PART...: the parts one after the other (concat filter), then LOOK, in one final encode
join() {
  local o=$1 fps=$2 look=$3; shift 3
  local ins=() lbl="" i=0
  for p in "$@"; do ins+=(-i "$p"); lbl+="[$i:v]"; i=$((i + 1)); done
  ff "${ins[@]}" -filter_complex "${lbl}concat=n=$#:v=1:a=0,settb=1/$fps,setpts=N,fps=$fps,$look[v]" \
    -map "[v]" -r "$fps" "${final[@]}" "$o"
}

want() { [ -z "$only" ] || [ "$only" = "$1" ]; }

# The table clip's visits, cut where the table is empty (source seconds): P1..P6.
P1=(3 21.3); P2=(21.3 47); P3=(47 72); P4=(72 89.5); P5=(89.5 121.5); P6=(121.5 139.3)

# ---------------------------------------------------------------------------------------------------------------
# atelier-desk-sunsweep: re-aimed closer (672x378 at (72,40) scaled back to 768x432), an afternoon sun patch that
# slides across the floor and up the wall while the white balance warms from 6500 K to 3600 K over the recording.
rec_atelier() {
  local n=atelier-desk-sunsweep F=10; local d="$tmp/$n"; mkdir -p "$d"
  still "$d/empty.png" "$table" 2.0
  hold "$d/00.mp4" "$d/empty.png" 8 $F
  part "$d/01.mp4" "$table" "${P1[@]}" 1 $F fwd "$d/empty.png"
  part "$d/02.mp4" "$table" "${P4[@]}" 1.3 $F fwd "$d/empty.png"
  hold "$d/03.mp4" "$d/empty.png" 40 $F
  part "$d/04.mp4" "$table" "${P6[@]}" 0.8 $F fwd "$d/empty.png"
  part "$d/05.mp4" "$table" "${P1[@]}" 1.2 $F fwd "$d/empty.png"
  part "$d/06.mp4" "$table" "${P3[@]}" 1 $F fwd "$d/empty.png"
  hold "$d/07.mp4" "$d/empty.png" 6 $F
  # the sun patch: a soft warm ellipse (520x300) screened over the picture, sliding right and up
  ff -f lavfi -i "color=c=black:s=520x300,format=rgb24,geq=r='130*exp(-pow((X-260)/170\,2)-pow((Y-150)/85\,2))':\
g='96*exp(-pow((X-260)/170\,2)-pow((Y-150)/85\,2))':b='52*exp(-pow((X-260)/170\,2)-pow((Y-150)/85\,2))'" \
    -frames:v 1 "$d/sun.png"
  local D=148.3
  join "$out/$n.mp4" $F "crop=672:378:72:40,scale=768:432,split[n][w];[w]colortemperature=temperature=3600[w2];\
[n][w2]blend=all_expr='A+(B-A)*clip(T/$D\,0\,1)',format=gbrp[b];movie='$d/sun.png',loop=-1:1:0,setpts=N/$F/TB[s];\
color=c=black:s=768x432:r=$F,format=gbrp[k];[k][s]overlay=x='-520+1288*t/$D':y='250-200*t/$D':shortest=0:format=gbrp[sl];\
[b][sl]blend=all_mode=screen:shortest=1,format=yuv420p" "$d"/0*.mp4
}

# rowing-club-table-lightson: a square 1:1 framing of the table (432x432 at x 232) mirrored left-right, 480x480;
# dim blue pre-dawn light with sensor noise until the ceiling tubes are switched on (a short flicker, then bright
# neutral light) inside the long empty hold.
rec_rowing() {
  local n=rowing-club-table-lightson F=10; local d="$tmp/$n"; mkdir -p "$d"
  still "$d/empty.png" "$table" 2.0
  hold "$d/00.mp4" "$d/empty.png" 12 $F
  part "$d/01.mp4" "$table" "${P5[@]}" 1.2 $F fwd "$d/empty.png"
  part "$d/02.mp4" "$table" "${P2[@]}" 1 $F rev "$d/empty.png"
  hold "$d/03.mp4" "$d/empty.png" 36 $F
  part "$d/04.mp4" "$table" "${P5[@]}" 0.9 $F fwd "$d/empty.png"
  part "$d/05.mp4" "$table" "${P6[@]}" 1 $F fwd "$d/empty.png"
  part "$d/06.mp4" "$table" "${P2[@]}" 1.3 $F fwd "$d/empty.png"
  hold "$d/07.mp4" "$d/empty.png" 7 $F
  # lights on at L (18 s into the 36 s hold): on 0.2 s, off 0.3 s, on 0.1 s, off 0.3 s, then on
  local L; L=$(awk 'BEGIN { printf "%.2f", 12 + 32/1.2 + 25.7 + 18 }')
  local w="if(lt(T\,$L)\,0\,if(lt(T\,$L+0.2)\,1\,if(lt(T\,$L+0.5)\,0\,if(lt(T\,$L+0.6)\,1\,if(lt(T\,$L+0.9)\,0\,1)))))"
  join "$out/$n.mp4" $F "crop=432:432:232:0,hflip,scale=480:480,split[a][b];\
[a]colortemperature=temperature=10000,eq=brightness=-0.09:contrast=0.82:saturation=0.55:gamma=0.78,noise=alls=9:allf=t[dim];\
[b]colortemperature=temperature=5600,eq=contrast=1.04:saturation=1.05[lit];[dim][lit]blend=all_expr='A+(B-A)*$w'" "$d"/0*.mp4
}

# yoga-bench-cloudpass: the bottle clip in window daylight with clouds passing over three times (the picture dims,
# goes flat and cooler, then clears), 12.5 fps; new part order with a freeze of the one-bottle moment.
rec_yoga() {
  local n=yoga-bench-cloudpass F=12.5; local d="$tmp/$n"; mkdir -p "$d"
  still "$d/s3.png" "$shelf" 3.0; still "$d/s20.png" "$shelf" 20.0; still "$d/s29.png" "$shelf" 29.5
  still "$d/s39.png" "$shelf" 39.5; still "$d/s14.png" "$shelf" 14.5
  hold "$d/00.mp4" "$d/s3.png" 7 $F                                  # 3 bottles
  part "$d/01.mp4" "$shelf" 29.5 39.5 0.7 $F fwd "$d/s3.png"          # part C: right bottle taken, set back
  hold "$d/02.mp4" "$d/s39.png" 16 $F
  part "$d/03.mp4" "$shelf" 14.5 29.5 1 $F rev "$d/s3.png"            # part B backwards: left taken, middle taken, both back
  hold "$d/04.mp4" "$d/s14.png" 14 $F
  part "$d/05.mp4" "$shelf" 3.0 14.5 1.3 $F fwd "$d/s3.png"           # part A: left taken, set back
  part "$d/06.mp4" "$shelf" 14.5 20.0 0.8 $F fwd "$d/s3.png"          # left and middle taken together
  if [ "$reference" = 1 ]; then hold "$d/07.mp4" "$d/s3.png" 18 $F; else hold "$d/07.mp4" "$d/s20.png" 18 $F; fi
  part "$d/08.mp4" "$shelf" 20.0 29.5 0.8 $F fwd "$d/s3.png"          # middle back, left back
  hold "$d/09.mp4" "$d/s29.png" 10 $F
  local k="(0.55*exp(-pow((t-30)/7\,2))+0.45*exp(-pow((t-72)/6\,2))+0.65*exp(-pow((t-104)/9\,2)))"
  join "$out/$n.mp4" $F "eq=eval=frame:brightness='-0.17*$k':contrast='1-0.3*$k':saturation='1-0.45*$k':\
gamma_r='1-0.12*$k':gamma_b='1+0.16*$k',format=yuv420p" "$d"/0*.mp4
}

# hardware-store-lot: the parking-lot clip re-framed (432x243 at (0,27), the lower left where the car drives, scaled
# to 640x360), an overcast morning that clears to sunshine from 55 s to 125 s, 12 fps; seven passes, three of them by
# a blue car (the silver car recoloured: its difference from the empty lot, cleaned, where brighter than the asphalt).
rec_lot() {
  local n=hardware-store-lot F=12; local d="$tmp/$n"; mkdir -p "$d"
  # the empty lot: frame 0 with the car's and the walker's areas taken from frame 40
  ff -i "$lot" -filter_complex \
    "[0:v]split=3[a][b][c];[a]select='eq(n\,0)',setpts=0[f0];[b]select='eq(n\,40)',crop=216:149:0:121,setpts=0[bl];\
[c]select='eq(n\,40)',crop=264:54:120:0,setpts=0[tp];[f0][bl]overlay=0:121:eof_action=repeat[t1];\
[t1][tp]overlay=120:0:eof_action=repeat" -frames:v 1 "$d/empty.png"
  ff -f lavfi -i "color=black:s=480x270,format=gray,drawbox=x=0:y=42:w=262:h=228:color=white:t=fill" -frames:v 1 "$d/zone.png"
  local C="dilation,dilation,dilation,dilation,dilation,dilation,erosion,erosion,erosion,erosion,erosion,erosion"
  local O="erosion,erosion,erosion,erosion,dilation,dilation,dilation,dilation"
  ff -i "$lot" -loop 1 -i "$d/empty.png" -loop 1 -i "$d/zone.png" -filter_complex \
    "[0:v]format=gbrp,split=4[o][m][c][k];[m]format=gray[a];[1:v]format=gray[b];\
[a][b]blend=all_mode=difference:shortest=1,lut=y='if(gt(val,20),255,0)',$C,$O,format=gray[mk];[2:v]format=gray[z];\
[mk][z]blend=all_mode=multiply:shortest=1[mz];[k]format=gray,lut=y='clip((val-142)*7,0,255)'[bk];\
[mz][bk]blend=all_mode=multiply,gblur=sigma=1.2,format=gbrp[mask];\
[c]colorchannelmixer=rr=0.12:rg=0.2:rb=0.04:gr=0.22:gg=0.4:gb=0.08:br=0.4:bg=0.8:bb=0.16[blue];\
[o][blue][mask]maskedmerge,format=yuv420p" "${lossless[@]}" "$d/blue.mp4"
  local silver="$lot" blue="$d/blue.mp4" E="$d/empty.png"
  hold "$d/00.mp4" "$E" 10 $F
  part "$d/01.mp4" "$silver" 0 3.417 1 $F fwd "$E"
  hold "$d/02.mp4" "$E" 2.5 $F
  part "$d/03.mp4" "$blue" 0 3.417 0.8 $F fwd "$E"
  hold "$d/04.mp4" "$E" 30 $F
  part "$d/05.mp4" "$silver" 0 3.417 0.5 $F rev "$E"
  hold "$d/06.mp4" "$E" 18 $F
  part "$d/07.mp4" "$blue" 0 3.417 0.4 $F fwd "$E"
  hold "$d/08.mp4" "$E" 45 $F
  part "$d/09.mp4" "$silver" 0 3.417 1.5 $F fwd "$E"
  hold "$d/10.mp4" "$E" 3 $F
  part "$d/11.mp4" "$blue" 0 3.417 1 $F rev "$E"
  hold "$d/12.mp4" "$E" 20 $F
  part "$d/13.mp4" "$silver" 0 3.417 0.7 $F fwd "$E"
  hold "$d/14.mp4" "$E" 14 $F
  local s="clip((t-55)/70\,0\,1)"
  join "$out/$n.mp4" $F "crop=432:243:0:27,scale=640:360,eq=eval=frame:brightness='-0.07+0.11*$s':\
contrast='0.8+0.35*$s':saturation='0.65+0.55*$s':gamma_r='1+0.06*$s':gamma_b='1-0.06*$s',format=yuv420p" "$d"/[01]*.mp4
}

# dental-surgery-waiting: the table clip in cool evening fluorescent light; inside the long empty hold the camera's
# preset is changed (a 2.5 s smooth zoom to 1.333x onto the table: 576x324 at (176,54)), so the second half is framed
# tighter; the recording runs over midnight into 29 February; 10 fps.
rec_dental() {
  local n=dental-surgery-waiting F=10; local d="$tmp/$n"; mkdir -p "$d"
  still "$d/empty.png" "$table" 2.0
  hold "$d/00.mp4" "$d/empty.png" 10 $F
  part "$d/01.mp4" "$table" "${P6[@]}" 1 $F fwd "$d/empty.png"
  part "$d/02.mp4" "$table" "${P3[@]}" 0.8 $F fwd "$d/empty.png"
  part "$d/03.mp4" "$table" "${P4[@]}" 1.25 $F fwd "$d/empty.png"
  hold "$d/04.mp4" "$d/empty.png" 58 $F
  part "$d/05.mp4" "$table" "${P3[@]}" 1.4 $F fwd "$d/empty.png"
  part "$d/06.mp4" "$table" "${P6[@]}" 1 $F rev "$d/empty.png"
  part "$d/07.mp4" "$table" "${P5[@]}" 1.15 $F fwd "$d/empty.png"
  hold "$d/08.mp4" "$d/empty.png" 8 $F
  # the preset move starts 25 s into the hold
  local T0; T0=$(awk 'BEGIN { printf "%.2f", 10 + 17.8 + 25/0.8 + 17.5/1.25 + 25 }')
  local st="(0.5-0.5*cos(PI*clip((in_time-$T0)/2.5\,0\,1)))"
  join "$out/$n.mp4" $F "zoompan=z='1+0.3333*$st':x='176*$st':y='54*$st':d=1:s=768x432:fps=$F,\
colortemperature=temperature=7600,eq=gamma_g=1.04:saturation=0.9,format=yuv420p" "$d"/0*.mp4
}

lane_a() { want atelier-desk-sunsweep && rec_atelier; want dental-surgery-waiting && rec_dental; return 0; }
lane_b() { want rowing-club-table-lightson && rec_rowing; want yoga-bench-cloudpass && rec_yoga; want hardware-store-lot && rec_lot; return 0; }
lane_a & pa=$!
lane_b & pb=$!
wait "$pa"; wait "$pb"

# the CC BY 4.0 attribution travels with the copies; each recording's duration is printed
cp -f "$src/README.md" "$out/SOURCE-README.md"
for f in "$out"/*.mp4; do
  printf '%s %s s\n' "$(basename "$f")" "$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$f")"
done
