#!/usr/bin/env bash
# Makes the recordings of the twentieth blind set (bench/blind/set-2026-12-08t.json) from the shared clips.
# Usage: bench/blind/make-recordings-20.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind20)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, "Sample videos" by Intel IoT DevKit,
# https://github.com/intel-iot-devkit/sample-videos, CC BY 4.0, see its README.md; the README is copied beside the
# recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# ONLY=NAME (a recording's file name without .mp4) remakes a single recording.
# Recipes differ from make-recordings{,-2,...,-19}.sh:
#   pottery-stall-flare: the table clip on a bright summer midday with the sun in the lens: a warm orange glow at the
#     top right that creeps to the right through the recording, a thin horizontal flare streak along the top edge,
#     two faint coloured flare ghosts (green and pink discs) drifting over the floor on the other side of the frame,
#     a warm veil over the top right, more colour and contrast; resampled to 12.5 fps; the hour turns (11:00:00)
#     inside the long empty hold; visits: an 11 s empty hold, P4, P2 at 0.8x, a 38 s empty hold, P1 at 1.2x, P4
#     again backwards (he walks in backwards from the right edge and leaves backwards at the bottom), P6 at 0.9x,
#     a 5 s hold.
#   herbarium-desk-droplets: the table clip through a dome cover wet with rain: fourteen still water droplets on the
#     cover (round soft-edged spots in which the scene is magnified a little, blurred and brightened, each with a
#     small specular glint; most at the edges, two small ones over the table), an overcast look (little colour,
#     a cool cast, a bit dark and flat); 8 fps; visits: a 20 s empty hold, P3 at 1.5x, P5 at 0.75x, a 25 s empty
#     hold, P6, P3 again, a 14 s hold.
#   porch-table-sway: the table clip from a camera hanging on a cable that sways: the picture turns back and forth
#     by up to 2.5 degrees (a sine with a 7 s period), cropped to 692x390 from the middle so that no corner shows,
#     scaled back to 768x432, in an over-exposed high-key look (midtones lifted, large-radius local contrast with
#     halos, a faint cold cast, less colour), 15 fps; visits: a 7 s empty hold, P1, P5 coming in and then going
#     back out the way she came (her part forwards to source 105.0 while she stands at the table, then straight
#     backwards: one visit, she leaves at the bottom), a 44 s empty hold, P2 at 1.4x, P1 again at 0.7x, P4, a 9 s
#     hold.
#   noodle-shelf-neon: the bottle clip at night seen through a shop window in which a neon sign is reflected (a
#     mirrored pink "RAMEN" and a cyan boxed "OPEN" with a soft glow, screened at half strength over the top
#     of the picture), a dark teal grade with a vignette, 18 fps; the recording runs over midnight into a new month
#     (00:00:00 on 1 September falls 80 s in, while the right bottle is away); parts: 3 bottles held 9 s, part B
#     (14.5-29.5), a 22 s hold, part A (3.0-14.5) twice in a row, part C up to 33.0 (the right bottle taken), the
#     frame at 33.0 held 24 s (right bottle away, no hand), the rest of part C to 39.5 (the right bottle back), a
#     15 s hold, part B at 0.6x, a 6 s hold.
#   coach-park-widelens: the parking-lot clip through a cheap wide-angle lens (barrel distortion, lenscorrection
#     k1 0.15 k2 0.03, scaled to 960x540: the picture bulges into a black surround with rounded corners), a
#     vignette, a faint green CCTV cast and a translucent "EASTGATE COACH PARK  CAM 2" watermark at the bottom,
#     10 fps; six passes of the car between stills of the empty lot (recipes.sh empty_lot): 0.5x, 1x, backwards
#     0.35x, 0.8x, 0.25x (very slow), backwards 1x; empty gaps of 13/27/8/52/19/31/16 s.
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate, joined with the concat filter
# and given the recording's look in one final encode (libx264 veryfast crf 20, yuv420p as in recipes.sh, with x264
# threads fixed at 2 so that the bytes do not depend on the number of cores). About 4 minutes on a 2-core machine
# (ffmpeg 5.1.9, Debian 12); run twice here, the outputs were byte-identical.
# Source timelines (test/fixtures/truth.ts, as refined in make-recordings-7.sh..-19.sh and looked over again here on
# a 0.25 fps sheet of the table clip, a 2 fps sheet of the bottle clip and every frame of the lot clip): in-view intervals of the table clip's six people P1..P6 (source seconds): [6.0, 19.8]
# [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8] [123.5, 136.0]; the table is empty at the cut and hold points
# used here (2.0 = the still of the empty table, 21.3, 47, 72, 89.5, 121.5, 139.3); P5 stands at the table at 105.0.
# People walk in at the bottom (close to the camera) and leave at the right edge. Bottles on the bench (left, middle,
# right): 3 until the left one is taken at 6.7, back at 11.5; the left and middle ones taken together at 17.3; the
# middle one back at 22.3, the left one back at 27.6; the right one taken at 31.5, back at 35.5; 3 to the end
# (39.855); no hand in view at 3.0, 14.5, 29.5, 33.0, 39.5 (the cut and hold points). The parking-lot clip (3.417 s,
# 41 frames at 12 fps) has the silver car in view in every frame (a walker and a cyclist cross the far side during
# each pass; the set asks nothing about them); the stills of the empty lot show no car and nobody.
# Every output was checked after it was made on frames taken from it around every boundary (ffmpeg -ss T -frames:v 1,
# and 2-5 fps strips with timestamps): the times below hold there to within 0.3 s (a person or car counts from the
# first frame with any part in view to the last; a bottle is gone once lifted off, back once set down).
# Cameras and start times in the set (clock time = start + recording seconds, UTC; "right now" is the end of the
# recording and relative windows such as "the last minute" are measured back from it):
#   pottery-stall-flare -> pottery-market-stall 2027-08-03T10:58:40Z (11:00:00 falls at 80 s);
#   herbarium-desk-droplets -> herbarium-reading-desk 2027-08-09T16:21:30Z; porch-table-sway -> chapel-porch-table
#   2027-08-15T07:04:50Z; noodle-shelf-neon -> noodle-bar-shelf 2027-08-31T23:58:40Z (midnight, 1 September, at 80 s);
#   coach-park-widelens -> coach-park-east 2027-08-24T19:37:15Z.
# Clothes (test/fixtures/appearance.ts): P1 long grey cardigan (grey skirt, dark leggings), P2 black jacket + dark
# jeans, P3 black top + black trousers (long blonde hair), P4 black T-shirt + black trousers, P5 grey cardigan + dark
# navy jeans (long dark hair), P6 light grey shirt + blue jeans (short hair, a man); the lot's car is silver.
# Truth in recording seconds, as read on the outputs (to within 0.3 s; the per-part offsets in the comments below
# are the recipe's nominal ones, which frame rounding moves by up to 0.15 s):
#   pottery-stall-flare (158.8 s): empty 0-13.6; P4 13.6-25.9; P2 30.4-57.95; empty 57.95-103.7 (45.75 s, the
#     longest); P1 103.7-115.2; P4 again 119.3-131.4 (walking in backwards from the right edge); P6 136.1-150.1; empty
#     to the end (8.7 s). 5 visits (4 different people), one at a time; 77.4 s occupied in all.
#   herbarium-desk-droplets (161.0 s): empty 0-22.25; P3 22.25-35.2; P5 40.3-77.0; empty 77.0-106.25 (29.25 s, the
#     longest); P6 106.25-118.75; P3 again 125.3-144.7; empty to the end (16.3 s). 4 visits (3 different people);
#     81.55 s occupied in all.
#   porch-table-sway (178.67 s): empty 0-13.2; P1 13.2-26.8; P5 31.0-56.5 (in and back out at the bottom); empty
#     56.5-104.5 (48.0 s, the longest); P2 104.5-120.1; P1 again 130.4-149.8; P4 154.7-166.8; empty to the end
#     (11.9 s). 5 visits (4 different people); 86.2 s occupied in all.
#   noodle-shelf-neon (149.06 s): bottles 3 until 11.9 (left and middle taken together), 1 until 16.8, 2 until 22.2,
#     3 until 49.7, 2 until 54.5, 3 until 61.2, 2 until 66.0, 3 until 71.2 (right one taken), 2 until 99.0, 3 until
#     122.9 (left and middle taken together), 1 until 131.0, 2 until 139.8, 3 to the end; 5 drops; full 84.5 s in
#     all, a single bottle 13.0 s in all; never empty.
#   coach-park-widelens (207.4 s): the car in view 13.0-19.8, 46.8-50.2, 58.2-68.0, 120.0-124.3, 143.3-157.0,
#     188.0-191.4 (6 passes, 41.4 s in all); no car otherwise (the longest gap 68.0-120.0).
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind20}"
enc=(-an -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -x264-params threads=2)
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p)
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf   # the neon sign and the watermark (fonts-dejavu-core)

# seg OUT SRC START END SPEED fwd|rev FPS: the part [START, END) of SRC, forwards or backwards, at SPEED, at FPS.
seg() {
  local rv=""; [[ $6 == rev ]] && rv="reverse,"
  ff -i "$2" -vf "trim=start=$3:end=$4,setpts=PTS-STARTPTS,${rv}setpts=PTS/$5,fps=$7" "${lossless[@]}" "$1"
}
# hold OUT SRC AT SECONDS FPS: the frame of SRC at AT held for SECONDS.
hold() {
  local n; n=$(awk -v d="$4" -v r="$5" 'BEGIN { printf "%d", d * r + 0.5 }')
  ff -i "$2" -vf "trim=start=$3,setpts=PTS-STARTPTS,select='eq(n\,0)',loop=loop=$((n - 1)):size=1:start=0,setpts=N/($5*TB),fps=$5" \
    -frames:v "$n" "${lossless[@]}" "$1"
}
# stillhold OUT PNG SECONDS FPS: a still picture held for SECONDS.
stillhold() {
  local n; n=$(awk -v d="$3" -v r="$4" 'BEGIN { printf "%d", d * r + 0.5 }')
  ff -loop 1 -framerate "$4" -i "$2" -frames:v "$n" "${lossless[@]}" "$1"
}
# join OUT LOOK EXTRA_INPUTS... -- PARTS...: concat PARTS, then the LOOK filter graph ([v] in, [out] out).
# EXTRA_INPUTS are single still pictures (inputs 1, 2, ... of LOOK); they are repeated on every frame.
join() {
  local o=$1 look=$2; shift 2
  local extra=() parts=() f
  while [[ $1 != -- ]]; do extra+=(-i "$1"); shift; done; shift
  local n=$# i=0 k=$(( ${#extra[@]} / 2 )) ins="" args=()
  for f in "$@"; do args+=(-i "$f"); ins+="[$((k + 1 + i)):v]"; i=$((i + 1)); done
  ff -i "$1" "${extra[@]}" "${args[@]}" -filter_complex "${ins}concat=n=$n:v=1:a=0[v];$look" -map "[out]" "${enc[@]}" "$o"
}
# (input 0 is the first part again, so that the extra pictures are inputs 1..k; it is not used by the graph)

want() { [[ -z ${ONLY:-} || ${ONLY} == "$1" ]]; }

# 1. pottery-stall-flare.mp4 (158.6 s, 12.5 fps, 768x432). Parts and their offsets (recording seconds):
#    hold 0-11; D [72, 89.5) 11-28.5 (P4 74.6-86.7 -> 13.6-25.7); B [21.3, 47) at 0.8x 28.5-60.6 (P2 22.8-44.8 ->
#    30.4-57.9); hold 60.6-98.6; A [0, 21.3) at 1.2x 98.6-116.4 (P1 6.0-19.8 -> 103.6-115.1); D backwards
#    116.4-133.9 (P4 -> 119.2-131.3: 89.5 - 86.7 = 2.8 s after the part starts he steps in backwards at the right edge,
#    and 89.5 - 74.6 = 14.9 s after it he is gone at the bottom); F [121.5, 139.3) at 0.9x 133.9-153.6 (P6
#    123.5-136.0 -> 136.1-150.0); hold 153.6-158.6.
if want pottery-stall-flare; then
  d="$tmp/pottery"; mkdir -p "$d"; r=12.5
  hold "$d/01.mp4" "$table" 2.0 11 $r
  seg "$d/02.mp4" "$table" 72 89.5 1 fwd $r
  seg "$d/03.mp4" "$table" 21.3 47 0.8 fwd $r
  hold "$d/04.mp4" "$table" 2.0 38 $r
  seg "$d/05.mp4" "$table" 0 21.3 1.2 fwd $r
  seg "$d/06.mp4" "$table" 72 89.5 1 rev $r
  seg "$d/07.mp4" "$table" 121.5 139.3 0.9 fwd $r
  hold "$d/08.mp4" "$table" 2.0 5 $r
  # flare sprites (RGBA): the sun's glow, the streak, two ghosts, a warm veil
  ff -f lavfi -i color=black@0:s=360x360,format=rgba -vf "geq=r='255':g='200':b='120':a='250*exp(-((X-180)^2+(Y-180)^2)/(2*60*60))'" -frames:v 1 "$d/glow.png"
  ff -f lavfi -i color=black@0:s=768x24,format=rgba -vf "geq=r='255':g='235':b='200':a='110*exp(-((Y-12)^2)/(2*3*3))*exp(-((X-620)^2)/(2*150*150))'" -frames:v 1 "$d/streak.png"
  ff -f lavfi -i color=black@0:s=64x64,format=rgba -vf "geq=r='170':g='255':b='200':a='60*clip((28-hypot(X-32,Y-32))/3,0,1)'" -frames:v 1 "$d/ghost1.png"
  ff -f lavfi -i color=black@0:s=40x40,format=rgba -vf "geq=r='255':g='150':b='230':a='70*clip((16-hypot(X-20,Y-20))/3,0,1)'" -frames:v 1 "$d/ghost2.png"
  ff -f lavfi -i color=black@0:s=768x432,format=rgba -vf "geq=r='255':g='215':b='160':a='70*exp(-((X-700)^2+(Y+40)^2)/(2*260*260))'" -frames:v 1 "$d/veil.png"
  join "$out/pottery-stall-flare.mp4" \
    "[v]eq=brightness=0.02:contrast=1.06:saturation=1.2,colorbalance=rh=0.06:gh=0.02:bh=-0.06,format=rgba[b];[b][5:v]overlay[b1];\
[b1][1:v]overlay=x='470+60*t/160':y=-200:eval=frame[o1];[o1][2:v]overlay=x='60*t/160':y=-2:eval=frame[o2];\
[o2][3:v]overlay=x='300-18*t/160':y=250:eval=frame[o3];[o3][4:v]overlay=x='210-36*t/160':y=330:eval=frame,format=yuv420p[out]" \
    "$d/glow.png" "$d/streak.png" "$d/ghost1.png" "$d/ghost2.png" "$d/veil.png" -- "$d"/0?.mp4
fi

# 2. herbarium-desk-droplets.mp4 (161.1 s, 8 fps, 768x432). Parts and their offsets:
#    hold 0-20; C [47, 72) at 1.5x 20-36.7 (P3 50.3-69.7 -> 22.2-35.1); E [89.5, 121.5) at 0.75x 36.7-79.3 (P5
#    92.3-119.8 -> 40.4-77.1); hold 79.3-104.3; F [121.5, 139.3) 104.3-122.1 (P6 -> 106.3-118.8); C 122.1-147.1 (P3
#    -> 125.4-144.8); hold 147.1-161.1.
if want herbarium-desk-droplets; then
  d="$tmp/herbarium"; mkdir -p "$d"; r=8
  hold "$d/01.mp4" "$table" 2.0 20 $r
  seg "$d/02.mp4" "$table" 47 72 1.5 fwd $r
  seg "$d/03.mp4" "$table" 89.5 121.5 0.75 fwd $r
  hold "$d/04.mp4" "$table" 2.0 25 $r
  seg "$d/05.mp4" "$table" 121.5 139.3 1 fwd $r
  seg "$d/06.mp4" "$table" 47 72 1 fwd $r
  hold "$d/07.mp4" "$table" 2.0 14 $r
  # the droplets (x:y:radius) as a soft mask, and a glint at the upper left of each
  drops="60:60:40 700:80:34 120:370:30 690:378:44 250:140:18 566:250:22 432:36:14 330:302:16 612:160:12 38:222:20 500:404:18 180:250:11 760:250:16 300:20:12"
  m="" g=""
  for x in $drops; do
    IFS=: read -r cx cy cr <<<"$x"
    m+="+clip(($cr-hypot(X-$cx\,Y-$cy))/4\,0\,1)"
    g+="+clip(($(( cr / 5 > 2 ? cr / 5 : 2 ))-hypot(X-$(( cx - cr * 4 / 10 ))\,Y-$(( cy - cr * 4 / 10 ))))/2\,0\,1)"
  done
  ff -f lavfi -i color=black:s=768x432 -vf "format=gray,geq=lum='255*min(1\,0$m)'" -frames:v 1 "$d/mask.png"
  ff -f lavfi -i color=black:s=768x432 -vf "format=gray,geq=lum='255*min(1\,0$g)'" -frames:v 1 "$d/glint.png"
  join "$out/herbarium-desk-droplets.mp4" \
    "[v]eq=saturation=0.55:brightness=-0.04:contrast=0.94,colorbalance=bs=0.07:bm=0.04:bh=0.03,format=gbrp,split[a][b];\
[b]scale=iw*1.06:ih*1.06,crop=768:432,gblur=sigma=5,eq=brightness=0.05:contrast=0.85[bl];[1:v]format=gbrp,gblur=sigma=1.2[m];\
[a][bl][m]maskedmerge[dr];[2:v]format=gbrp,gblur=sigma=1[gl];[dr][gl]blend=all_mode=screen:all_opacity=0.7,format=yuv420p[out]" \
    "$d/mask.png" "$d/glint.png" -- "$d"/0?.mp4
fi

# 3. porch-table-sway.mp4 (178.6 s, 15 fps, 768x432). Parts and their offsets:
#    hold 0-7; A [0, 21.3) 7-28.3 (P1 -> 13.0-26.8); E [89.5, 105) 28.3-43.8 then E [89.5, 105) backwards 43.8-59.3
#    (P5 comes in at 92.3 -> 31.1, stands at the table at the turn, 43.8, and is gone at the bottom 105 - 92.3 = 12.7 s
#    after it -> 56.5); hold 59.3-103.3; B at 1.4x 103.3-121.7 (P2 -> 104.4-120.1); A at 0.7x 121.7-152.1 (P1 ->
#    130.2-149.9); D 152.1-169.6 (P4 -> 154.7-166.8); hold 169.6-178.6.
if want porch-table-sway; then
  d="$tmp/porch"; mkdir -p "$d"; r=15
  hold "$d/01.mp4" "$table" 2.0 7 $r
  seg "$d/02.mp4" "$table" 0 21.3 1 fwd $r
  seg "$d/03.mp4" "$table" 89.5 105 1 fwd $r
  seg "$d/04.mp4" "$table" 89.5 105 1 rev $r
  hold "$d/05.mp4" "$table" 2.0 44 $r
  seg "$d/06.mp4" "$table" 21.3 47 1.4 fwd $r
  seg "$d/07.mp4" "$table" 0 21.3 0.7 fwd $r
  seg "$d/08.mp4" "$table" 72 89.5 1 fwd $r
  hold "$d/09.mp4" "$table" 2.0 9 $r
  join "$out/porch-table-sway.mp4" \
    "[v]rotate='2.5*PI/180*sin(2*PI*t/7)':fillcolor=black,crop=692:390:38:21,scale=768:432,setsar=1,\
curves=all='0/0 0.4/0.6 1/1',unsharp=lx=13:ly=13:la=0.7,colorbalance=bs=0.05:bm=0.04:rh=-0.03,eq=saturation=0.8[out]" \
    -- "$d"/0?.mp4
fi

# 4. noodle-shelf-neon.mp4 (149.0 s, 18 fps, 640x360). Parts and their offsets (events: source -> recording):
#    hold (3.0) 0-9; B [14.5, 29.5) 9-24 (left+middle taken 17.3 -> 11.8, middle back 22.3 -> 16.8, left back 27.6
#    -> 22.1); hold (29.5) 24-46; A [3.0, 14.5) 46-57.5 (left taken 6.7 -> 49.7, back 11.5 -> 54.5); A again
#    57.5-69 (-> 61.2, 66.0); C [29.5, 33.0) 69-72.5 (right taken 31.5 -> 71.0); hold (33.0) 72.5-96.5; C [33.0, 39.5)
#    96.5-103 (right back 35.5 -> 99.0); hold (39.5) 103-118; B at 0.6x 118-143 (-> 122.7, 131.0, 139.8); hold
#    (29.5) 143-149.
if want noodle-shelf-neon; then
  d="$tmp/noodle"; mkdir -p "$d"; r=18
  hold "$d/01.mp4" "$shelf" 3.0 9 $r
  seg "$d/02.mp4" "$shelf" 14.5 29.5 1 fwd $r
  hold "$d/03.mp4" "$shelf" 29.5 22 $r
  seg "$d/04.mp4" "$shelf" 3.0 14.5 1 fwd $r
  seg "$d/05.mp4" "$shelf" 3.0 14.5 1 fwd $r
  seg "$d/06.mp4" "$shelf" 29.5 33.0 1 fwd $r
  hold "$d/07.mp4" "$shelf" 33.0 24 $r
  seg "$d/08.mp4" "$shelf" 33.0 39.5 1 fwd $r
  hold "$d/09.mp4" "$shelf" 39.5 15 $r
  seg "$d/10.mp4" "$shelf" 14.5 29.5 0.6 fwd $r
  hold "$d/11.mp4" "$shelf" 29.5 6 $r
  ff -f lavfi -i color=black:s=640x360 -filter_complex "[0:v]drawtext=fontfile=$bold:text='RAMEN':fontcolor=0xff3cac:fontsize=70:x=40:y=8,\
drawtext=fontfile=$bold:text='OPEN':fontcolor=0x2ef2ff:fontsize=48:x=440:y=24,drawbox=x=430:y=18:w=150:h=64:color=0x2ef2ff:t=3,hflip,split[s][g];\
[s]gblur=sigma=1.2,lutrgb=r=val*0.8:g=val*0.8:b=val*0.8[s1];[g]gblur=sigma=9,lutrgb=r=val*0.45:g=val*0.45:b=val*0.45[g1];[s1][g1]blend=all_mode=addition" \
    -frames:v 1 "$d/neon.png"
  join "$out/noodle-shelf-neon.mp4" \
    "[v]eq=brightness=-0.12:contrast=1.12:saturation=0.8,colorbalance=bs=0.10:gs=0.04:rs=-0.04:rh=-0.03,vignette=PI/5,format=gbrp[b];\
[1:v]format=gbrp[n];[b][n]blend=all_mode=screen:all_opacity=0.5,format=yuv420p[out]" \
    "$d/neon.png" -- "$d"/??.mp4
fi

# 5. coach-park-widelens.mp4 (207.4 s, 10 fps, 960x540). Stills of the empty lot and passes (offsets):
#    still 0-13; pass 1 at 0.5x 13-19.8; still 19.8-46.8; pass 2 at 1x 46.8-50.2; still 50.2-58.2; pass 3 backwards
#    at 0.35x 58.2-68.0; still 68.0-120.0; pass 4 at 0.8x 120.0-124.3; still 124.3-143.3; pass 5 at 0.25x
#    143.3-157.0; still 157.0-188.0; pass 6 backwards at 1x 188.0-191.4; still 191.4-207.4.
if want coach-park-widelens; then
  d="$tmp/coach"; mkdir -p "$d"; r=10
  empty_lot "$d/empty.png"
  stillhold "$d/01.mp4" "$d/empty.png" 13 $r
  seg "$d/02.mp4" "$lot" 0 4 0.5 fwd $r
  stillhold "$d/03.mp4" "$d/empty.png" 27 $r
  seg "$d/04.mp4" "$lot" 0 4 1 fwd $r
  stillhold "$d/05.mp4" "$d/empty.png" 8 $r
  seg "$d/06.mp4" "$lot" 0 4 0.35 rev $r
  stillhold "$d/07.mp4" "$d/empty.png" 52 $r
  seg "$d/08.mp4" "$lot" 0 4 0.8 fwd $r
  stillhold "$d/09.mp4" "$d/empty.png" 19 $r
  seg "$d/10.mp4" "$lot" 0 4 0.25 fwd $r
  stillhold "$d/11.mp4" "$d/empty.png" 31 $r
  seg "$d/12.mp4" "$lot" 0 4 1 rev $r
  stillhold "$d/13.mp4" "$d/empty.png" 16 $r
  join "$out/coach-park-widelens.mp4" \
    "[v]scale=960:540,setsar=1,lenscorrection=k1=0.15:k2=0.03,vignette=PI/4.5,colorbalance=gm=0.04:gs=0.03:rh=-0.02,\
drawtext=fontfile=$bold:text='EASTGATE COACH PARK  CAM 2':fontcolor=white@0.45:fontsize=22:x=(w-tw)/2:y=h-44[out]" \
    -- "$d"/??.mp4
fi

finish
