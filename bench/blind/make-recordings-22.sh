#!/usr/bin/env bash
# Makes the recordings of the twenty-second blind set (bench/blind/set-2026-12-10v.json) from the shared clips.
# Usage: bench/blind/make-recordings-22.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind22)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, "Sample videos" by Intel IoT DevKit,
# https://github.com/intel-iot-devkit/sample-videos, CC BY 4.0, see its README.md; the README is copied beside the
# recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# ONLY=NAME (a recording's file name without .mp4) remakes a single recording.
# Recipes differ from make-recordings{,-2,...,-21}.sh:
#   ropeway-desk-jello: the table clip from a camera on a vibrating mount with a rolling shutter ("jello"): the rows of
#     the picture slide sideways in proportion to their height (top +a, bottom -a px, a perspective warp evaluated per
#     frame; a = 14 px x a 1.9 s vibration whose strength swells and fades on a 17 s cycle), and the autofocus hunts (a
#     gaussian blur whose sigma swells from 0.3 to 4.0 and clears again on a 9 s cycle, set by sendcmd every 1/6 s);
#     cool daylight (colortemperature 7400 K), a little less colour, 12 fps; the hour turns (14:00:00) inside the long
#     empty hold; visits: a 10 s empty hold, P5 at 1.2x, P3, a 36 s empty hold, P6 at 0.75x, P2 backwards (he walks in
#     backwards from the right edge and leaves backwards at the bottom), P1 at 1.5x, an 8 s hold.
#   rink-hire-dither: the table clip mirrored left-right (people come in at the bottom and leave at the LEFT edge) and
#     reduced to a 16-colour palette (palettegen on one frame every 3 s of the table clip) with ordered 8x8 Bayer
#     dithering (paletteuse bayer_scale 1: a fine cross-hatch pattern in every gradient), a little more contrast,
#     8 fps; visits: a 6 s empty hold, P4 at 2x (fast), P1 at 0.8x, P4 again at 1x (the same man comes back), a 45 s
#     empty hold, P5 backwards at 1.25x (she walks in backwards from the left edge and leaves backwards at the bottom),
#     P6, P3 at 0.7x (slow), a 5 s hold (P2 never comes).
#   seedbank-counter-breathe: the table clip with a broken white balance (hue turned 150 degrees: the wooden floor is
#     teal, the white wall pink; greys and blacks stay neutral, blue jeans turn dark red, the light grey shirt turns
#     beige) and a "breathing" digital zoom (zoompan, 1.0x to 1.18x and back on a 19 s cosine, centred, so the edges
#     of the room, where people come and go, are cut away and come back), 15 fps; visits: a 12 s empty hold, P2 at
#     0.6x (slow), P6 at 1.3x, a 30 s empty hold, P3 at 1.5x, P4, P6 again at 0.9x, a 10 s hold (P1 and P5 never come).
#   sake-shelf-steam: the bottle clip behind drifting kitchen steam (a soft cloud field made at 80x45 by geq, thicker
#     at the top, moving slowly, blurred and scaled up, screened over the picture at 55 %) under warm light
#     (colortemperature 4300 K), 20 fps; the recording runs over midnight into a new month (00:00:00 on 1 December
#     falls 60 s in, while two bottles stand); parts: 3 bottles held 8 s, part C (29.5-39.5) backwards at 0.8x (the
#     right bottle is lifted off and set back), a 20 s hold, part B (14.5-29.5) at 0.5x (the left and middle bottles
#     taken together, the middle one back, the left one back), a 15 s hold, part A (3.0-14.5) at 1.5x (the left
#     bottle taken and put back), part A backwards at 1x (the same again), a 12 s hold, part C at 1x, a 6 s hold.
#   quarry-lot-fogstutter: the parking-lot clip in morning fog (a pale grey veil, an RGBA still overlaid, 20 % at the
#     bottom rising to 75 % on the far side at the top; less colour, less contrast, a slight blur), scaled to 640x360,
#     from a network camera whose stream stutters: frames are dropped in [11k+9.6, 11k+11) and [7k+2.9, 7k+3.5) s and
#     the last frame before each drop stays on screen (select + fps), 12 fps; six passes of the car between stills of
#     the empty lot (recipes.sh empty_lot): 0.7x, backwards 0.4x, 1x, 0.25x (very slow), 1.6x (fast), backwards 1x;
#     empty gaps of 11/24/7/39/16/28/10 s; the hour turns (07:00:00) in the longest gap.
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate, joined with the concat filter
# and given the recording's look in one final encode (libx264 veryfast crf 20, yuv420p as in recipes.sh, x264 threads
# fixed at 2 so that the bytes do not depend on the number of cores). About 1 minute 50 s on a 2-core machine (ffmpeg
# 5.1.9, Debian 12); run twice here, the outputs were byte-identical.
# Source timelines (test/fixtures/truth.ts, as refined in make-recordings-7.sh..-21.sh): in-view intervals of the
# table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8]
# [123.5, 136.0]; the table is empty at the cut and hold points used here (2.0 = the still of the empty table, 3,
# 21.3, 47, 72, 89.5, 121.5, 139.3). People walk in at the bottom (close to the camera) and leave at the right edge
# (their shadow on the floor comes a little before them and goes a little after; it is not counted). Bottles on the
# bench (left, middle, right): 3 until the left one is taken at 6.7, back at 11.5; the left and middle ones taken
# together at 17.3; the middle one back at 22.3, the left one back at 27.6; the right one taken at 31.5, back at
# 35.5; 3 to the end (39.855); no hand in view at 3.0, 29.5, 39.5 (the hold points). The parking-lot clip (3.417 s,
# 41 frames at 12 fps) has the silver car in view in every frame (a walker and a cyclist cross the far side during
# each pass; the set asks nothing about them); the stills of the empty lot show no car and nobody.
# Every output was checked after it was made: per-frame difference (gray, 192x108 or 320x180, pixels differing by more
# than 30 levels) from a reference made by the same script with every part replaced by the empty scene (so the
# reference gets the same warp, zoom, palette, fog and stutter), and 4 fps strips with timestamps around every
# boundary and every bottle event (ffmpeg -ss + fps + drawtext of the pts + tile): the times below are the ones read
# there (to within 0.3 s; a person or car counts from the first frame with any part in view to the last, shadows not
# counted; a bottle is gone once lifted off, back once set down).
# Cameras and start times in the set (clock time = start + recording seconds, UTC; "right now" is the end of the
# recording and relative windows such as "the last minute" are measured back from it):
#   ropeway-desk-jello -> ropeway-ticket-desk 2027-11-04T13:58:40Z (14:00:00 falls at 80 s);
#   rink-hire-dither -> ice-rink-skate-hire 2027-11-09T18:42:10Z; seedbank-counter-breathe -> seed-library-counter
#   2027-11-16T08:05:20Z; sake-shelf-steam -> izakaya-sake-shelf 2027-11-30T23:59:00Z (midnight, 1 December, at 60 s);
#   quarry-lot-fogstutter -> quarry-weighbridge-lot 2027-11-22T06:58:40Z (07:00:00 falls at 80 s).
# Truth in recording seconds (read on the outputs):
#   ropeway-desk-jello (167.25 s): empty 0-12.3; P5 12.3-35.4, P3 39.9-59.6; empty 59.6-100.2 (40.6 s, the longest;
#     14:00 at 80); P6 100.2-117.0, P2 123.5-145.5 (backwards), P1 149.1-158.3; empty to the end (8.95 s). One person
#     at a time; 5 people, each once; stays 23.1, 19.7, 16.8, 22.0, 9.2 (90.8 s in all); 2 before 14:00, 3 after.
#   rink-hire-dither (184.25 s): empty 0-7.3; P4 7.3-13.4, P1 18.6-35.7, P4 again 40.2-52.4; empty 52.4-101.5 (49.1 s,
#     the longest); P5 101.5-123.5 (backwards), P6 127.7-140.1, P3 148.2-176.1; empty to the end (8.15 s). One person
#     at a time; 6 visits by 5 people; stays 6.1, 17.1, 12.2, 22.0, 12.4, 27.9 (97.7 s in all).
#   seedbank-counter-breathe (162.47 s): empty 0-14.5; P2 14.5-51.0, P6 56.3-65.8; empty 65.8-100.6 (34.8 s, the
#     longest); P3 100.6-113.7, P4 117.6-130.0, P6 again 134.8-148.8; empty to the end (13.7 s). One person at a
#     time; 5 visits by 4 people; stays 36.5, 9.5, 13.1, 12.4, 14.0 (85.5 s in all).
#   sake-shelf-steam (132.7 s; left, middle, right): 3 bottles; right taken 13.1, back 17.9; left and middle taken
#     together 46.3 (one left), middle back 56.3, left back 66.8; left taken 87.9, back 91.2; left taken 95.9, back
#     100.8; right taken 118.9, back 122.6; 3 to the end. Never empty; 5 drops (6 bottles taken, 2 of them before
#     midnight), 6 put-backs; one bottle 10.0 s, two bottles 27.2 s, fewer than 3 for 37.2 s in all; the longest full
#     stretch 17.9-46.3 (28.4 s); 2 bottles at midnight.
#   quarry-lot-fogstutter (171.08 s): the car is in view 11.0-15.9, 39.9-48.5 (backwards: in at the left edge, out
#     at the bottom), 55.5-59.6 (its last frame held by a stutter), 99.0-111.6 (its first frames dropped by a stutter;
#     07:00 at 80), 127.6-129.75 (fast) and 157.75-161.2 (backwards); no car at other times (gaps 11.0, 24.0, 7.0,
#     39.4 = the longest, 16.0, 28.0, 9.9); a car in view 35.75 s in all, never two.
# Clothes (test/fixtures/appearance.ts, checked on frames of these outputs): P1 long grey cardigan (grey skirt, dark
# leggings, long fair hair), P2 black jacket + dark jeans (a man), P3 black top + black trousers (long blonde hair), P4
# black T-shirt + black trousers (a man), P5 grey cardigan + dark navy jeans (long dark hair), P6 light grey shirt +
# blue jeans (short hair, a man; beige shirt and dark red jeans in seedbank-counter-breathe's turned hues); the lot's
# car is silver (pale grey in the fog).
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind22}"
fin=("${enc[@]}" -x264-params threads=2)                         # the one final encode of each recording
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p) # intermediates
want() { [ -z "${ONLY:-}" ] || [ "$ONLY" = "$1" ]; }

# still SRC T PNG: the source frame at T seconds.
still() { ff -ss "$2" -i "$1" -frames:v 1 "$3"; }
# hold PNG SECONDS FPS OUT: a still held SECONDS (a whole number of frames at FPS).
hold() { ff -loop 1 -framerate "$3" -t "$2" -i "$1" -vf "setsar=1,format=yuv420p" "${lossless[@]}" "$4"; }
# part SRC START END SPEED fwd|rev FPS OUT: source seconds [START, END), optionally backwards, played at SPEED.
part() {
  local vf="trim=start=$2:end=$3,setpts=PTS-STARTPTS"
  [ "$5" = rev ] && vf+=",reverse"
  ff -i "$1" -vf "$vf,setpts=PTS/$4,fps=$6,setsar=1,format=yuv420p" "${lossless[@]}" "$7"
}
# record NAME LOOK PART...: the parts joined (concat filter), given the look, encoded once.
record() {
  local name="$1" look="$2" ins=() lab="" i=0; shift 2
  for p in "$@"; do ins+=(-i "$p"); lab+="[$i:v]"; i=$((i + 1)); done
  ff "${ins[@]}" -filter_complex "${lab}concat=n=$i:v=1:a=0[cat];[cat]$look[out]" -map "[out]" "${fin[@]}" "$out/$name.mp4"
}
# Table clip parts (source seconds; every cut falls while the table is empty): one visit each.
P1=(3 21.3) P2=(21.3 47) P3=(47 72) P4=(72 89.5) P5=(89.5 121.5) P6=(121.5 139.3)

# ---- ropeway-desk-jello: rolling-shutter jello + focus hunting, cool daylight, 12 fps --------------------------------
if want ropeway-desk-jello; then
  d="$tmp/a"; mkdir -p "$d"; still "$table" 2.0 "$d/empty.png"
  hold "$d/empty.png" 10 12 "$d/01.mkv"
  part "$table" "${P5[@]}" 1.2 fwd 12 "$d/02.mkv"
  part "$table" "${P3[@]}" 1 fwd 12 "$d/03.mkv"
  hold "$d/empty.png" 36 12 "$d/04.mkv"
  part "$table" "${P6[@]}" 0.75 fwd 12 "$d/05.mkv"
  part "$table" "${P2[@]}" 1 rev 12 "$d/06.mkv"
  part "$table" "${P1[@]}" 1.5 fwd 12 "$d/07.mkv"
  hold "$d/empty.png" 8 12 "$d/08.mkv"
  # focus hunting: the blur radius swells and clears on a 9 s cycle (sigma 0.3 .. 4.0), set every 1/6 s
  awk 'BEGIN { for (i = 0; i <= 6 * 180; i++) { t = i / 6; s = sin(2 * 3.14159265 * t / 9); s = s > 0 ? s * s : 0;
         printf "%.4f gblur@focus sigma %.2f;\n", t, 0.3 + 3.7 * s } }' > "$d/focus.cmd"
  # rolling shutter: rows shift sideways in proportion to their height (top +a, bottom -a), a = 14 px x a 1.9 s
  # vibration whose strength swells on a 17 s cycle
  a="(14*sin(2*PI*in/12/1.9)*(0.55+0.45*sin(2*PI*in/12/17)))"
  record ropeway-desk-jello "perspective=x0='$a':x1='W+$a':x2='-$a':x3='W-$a':eval=frame,sendcmd=f=$d/focus.cmd,\
gblur@focus=sigma=0.3,colortemperature=temperature=7400,eq=saturation=0.9:contrast=1.05" "$d"/0*.mkv
fi

# ---- rink-hire-dither: mirrored, 16-colour palette with ordered (Bayer) dithering, 8 fps ------------------------------
if want rink-hire-dither; then
  d="$tmp/b"; mkdir -p "$d"; still "$table" 2.0 "$d/empty.png"
  ff -i "$table" -vf "fps=1/3,palettegen=max_colors=16:stats_mode=full:reserve_transparent=0" "$d/pal.png"
  hold "$d/empty.png" 6 8 "$d/01.mkv"
  part "$table" "${P4[@]}" 2 fwd 8 "$d/02.mkv"
  part "$table" "${P1[@]}" 0.8 fwd 8 "$d/03.mkv"
  part "$table" "${P4[@]}" 1 fwd 8 "$d/04.mkv"
  hold "$d/empty.png" 45 8 "$d/05.mkv"
  part "$table" "${P5[@]}" 1.25 rev 8 "$d/06.mkv"
  part "$table" "${P6[@]}" 1 fwd 8 "$d/07.mkv"
  part "$table" "${P3[@]}" 0.7 fwd 8 "$d/08.mkv"
  hold "$d/empty.png" 5 8 "$d/09.mkv"
  record rink-hire-dither "hflip,eq=contrast=1.08[m];movie=$d/pal.png[pal];[m][pal]paletteuse=dither=bayer:bayer_scale=1,\
format=yuv420p" "$d"/0*.mkv
fi

# ---- seedbank-counter-breathe: white balance gone wrong (hue turned 150 degrees) + a breathing digital zoom, 15 fps ---
if want seedbank-counter-breathe; then
  d="$tmp/c"; mkdir -p "$d"; still "$table" 2.0 "$d/empty.png"
  hold "$d/empty.png" 12 15 "$d/01.mkv"
  part "$table" "${P2[@]}" 0.6 fwd 15 "$d/02.mkv"
  part "$table" "${P6[@]}" 1.3 fwd 15 "$d/03.mkv"
  hold "$d/empty.png" 30 15 "$d/04.mkv"
  part "$table" "${P3[@]}" 1.5 fwd 15 "$d/05.mkv"
  part "$table" "${P4[@]}" 1 fwd 15 "$d/06.mkv"
  part "$table" "${P6[@]}" 0.9 fwd 15 "$d/07.mkv"
  hold "$d/empty.png" 10 15 "$d/08.mkv"
  record seedbank-counter-breathe "zoompan=z='1.09-0.09*cos(2*PI*it/19)':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:\
s=768x432:fps=15,hue=h=150" "$d"/0*.mkv
fi

# ---- sake-shelf-steam: the bottle clip behind drifting kitchen steam, warm light, 20 fps -----------------------------
if want sake-shelf-steam; then
  d="$tmp/d"; mkdir -p "$d"
  still "$shelf" 3.0 "$d/s03.png"; still "$shelf" 29.5 "$d/s29.png"; still "$shelf" 39.5 "$d/s39.png"
  hold "$d/s03.png" 8 20 "$d/01.mkv"
  part "$shelf" 29.5 39.5 0.8 rev 20 "$d/02.mkv"    # C backwards: the right bottle goes and comes back
  hold "$d/s29.png" 20 20 "$d/03.mkv"
  part "$shelf" 14.5 29.5 0.5 fwd 20 "$d/04.mkv"    # B slow: left+middle taken, middle back, left back
  hold "$d/s29.png" 15 20 "$d/05.mkv"
  part "$shelf" 3.0 14.5 1.5 fwd 20 "$d/06.mkv"     # A fast: the left bottle taken and put back
  part "$shelf" 3.0 14.5 1 rev 20 "$d/07.mkv"       # A backwards: the same again, mirrored in time
  hold "$d/s03.png" 12 20 "$d/08.mkv"
  part "$shelf" 29.5 39.5 1 fwd 20 "$d/09.mkv"      # C: the right bottle taken and put back
  hold "$d/s39.png" 6 20 "$d/10.mkv"
  # the steam: a slowly drifting cloud field made at 80x45 (denser at the top), scaled up, screened over at 55 %
  record sake-shelf-steam "colortemperature=temperature=4300,eq=gamma=0.95:saturation=1.1,format=gbrp[p];\
color=c=black:s=80x45:r=20,format=gray,geq=lum='255*clip(0.42+0.2*sin(X/9+T*0.45)*sin(Y/6-T*0.3)+0.16*sin((X+2*Y)/13-T*0.37)\
+0.3*(1-Y/H)-0.15*Y/H\,0\,1)',gblur=sigma=2.5,scale=640:360:flags=bicubic,format=gbrp[c];\
[p][c]blend=all_mode=screen:all_opacity=0.55:shortest=1,format=yuv420p" "$d"/0*.mkv "$d"/10.mkv
fi

# ---- quarry-lot-fogstutter: the parking lot in morning fog from a camera whose stream stutters, 12 fps ---------------
if want quarry-lot-fogstutter; then
  d="$tmp/e"; mkdir -p "$d"; empty_lot "$d/empty.png"
  n=0; seg() { n=$((n + 1)); printf -v f '%s/%02d.mkv' "$d" "$n"; "$@" "$f"; }
  seg hold "$d/empty.png" 11 12
  seg part "$lot" 0 3.417 0.7 fwd 12
  seg hold "$d/empty.png" 24 12
  seg part "$lot" 0 3.417 0.4 rev 12
  seg hold "$d/empty.png" 7 12
  seg part "$lot" 0 3.417 1 fwd 12
  seg hold "$d/empty.png" 39 12
  seg part "$lot" 0 3.417 0.25 fwd 12
  seg hold "$d/empty.png" 16 12
  seg part "$lot" 0 3.417 1.6 fwd 12
  seg hold "$d/empty.png" 28 12
  seg part "$lot" 0 3.417 1 rev 12
  seg hold "$d/empty.png" 10 12
  # fog: a pale grey veil (RGBA still), thickest on the far (top) side; the stream stutters: frames are dropped in
  # [11k+9.6, 11k+11) and [7k+2.9, 7k+3.5) and the last frame before each drop stays on screen
  ff -f lavfi -i "color=c=black:s=640x360,format=rgba,geq=r=201:g=205:b=208:a='255*(0.2+0.55*pow(1-Y/H\,1.6))'" \
    -frames:v 1 "$d/fog.png"
  record quarry-lot-fogstutter "scale=640:360:flags=bicubic,eq=saturation=0.55:contrast=0.9,gblur=sigma=1.3[p];\
movie=$d/fog.png[f];[p][f]overlay=format=auto,select='not(between(mod(t\,11)\,9.6\,11)+between(mod(t\,7)\,2.9\,3.5))',\
fps=12,format=yuv420p" "$d"/[0-9]*.mkv
fi

finish
