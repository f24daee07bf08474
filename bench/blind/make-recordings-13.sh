#!/usr/bin/env bash
# Makes the recordings of the thirteenth blind set (bench/blind/set-2026-12-01m.json) from the shared clips.
# Usage: bench/blind/make-recordings-13.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind13)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md; the
# README is copied beside the recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,...,-12}.sh: the table clip seen through a keystone-tilted lens (a mild
# perspective warp, the top edge pulled in) in an old-film look (curves "vintage" preset + moving film grain,
# coded at crf 27), its visits in a new order (P5, P1 at 0.7x, a 25 s hold of the empty table, P6 at 1.5x, P3, P1
# again); the table clip from a camera on a pole shaking in the wind (a 704x396 window wandering over the frame,
# scaled back up) in a teal-and-orange grade, a 20 s empty start, P4, P2, a 45 s empty hold, P6 at 2x and P5 at
# 0.8x; the bottle clip zoomed onto the bench (a 544x306 crop at (46,40)) at 15 fps with a faint green fluorescent
# cast and a burned-in camera clock (top left, matching the set's clock) and label, its parts as: 3 bottles held 8
# s, part A (0-14.5) at 2x, a 15 s hold, part B (14.5-29.5) played backwards (so the left and middle bottles are
# taken one by one and put back together), part C (29.5-39.855) at 0.5x, a 10 s hold, part A again at 1x; the
# parking-lot clip in the rain (falling streaks screened over an overcast, washed-out picture) with three passes
# of the car: 0.5x, 0.5x with the car standing still for 30 s in the middle of the lot, and backwards at 0.3x,
# between stills of the empty lot (gaps 14/30/45/22 s); the table clip in fog (low contrast, lifted blacks, soft
# focus) with motion trails (each frame averaged with the 3 before it, weights 1-3-3-1), parts P6, P3, a 30 s
# hold, P5 with a jump cut inside her stay (source 100-112 s cut out while she stands at the table; the cut hardly
# shows), P1 at 1.25x, P4.
# Source timelines (test/fixtures/truth.ts, refined in make-recordings-7.sh..-12.sh): in-view intervals of the
# table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7]
# [92.3, 119.8] [123.5, 136.0]; the table is empty at the cut and hold points used below (0, 21.3, 47, 72, 89.5,
# 121.5, 139.3); P5 stands at the table from about 95 to 117 s (the jump cut [100, 112]). People walk in at the
# bottom (close to the camera) and leave at the right edge. Bottles on the bench (left, middle, right): 3 until
# the left one is taken at 6.7, back at 11.5; the left and middle ones taken together at 17.3; the middle one
# back at 22.3, the left one back at 27.6; the right one taken at 31.5, back at 35.5; 3 to the end (39.855); no
# hand in view at 3.0, 14.5, 29.5, 39.5 (the cut and hold points). The parking-lot clip (3.417 s, 41 frames at
# 12 fps) has the silver car in view in every frame (frame 20, 1.667 s, is the car in the middle of the lot, held
# for the stop; a walker and a cyclist cross the far side during each pass and freeze with the car during the
# stop; the set asks nothing about them); the stills of the empty lot (recipes.sh empty_lot) show no car.
# Every output was checked after it was made on frame sheets with timestamps (ffmpeg trim + every frame or
# fps=1/5 + drawtext + tile, under /tmp/vigil-blind13-sheets): the times below are the ones read there (to within
# 0.3 s; a person counts from the first frame with any part of them in view to the last, trails included).
# Cameras and start times in the set (clock time = start + recording seconds):
#   desk-keystone-film -> observatory-gift-desk 2027-01-04T10:02:40Z; counter-wobble -> print-shop-counter
#   2027-01-09T15:47:20Z; shelf-zoom-osd -> apothecary-shelf 2027-01-13T11:28:45Z (the burned-in clock shows the
#   same times); lot-rain-stop -> hospital-drop-off 2027-01-19T07:55:10Z; table-fog-trails -> allotment-shed-table
#   2027-01-24T13:09:30Z.
# Truth in recording seconds (read on the sheets):
#   desk-keystone-film (145.6 s): P5 2.7-30.6, P1 40.7-60.3, P6 88.7-97.1, P3 102.5-122.3, P1 again 130.4-144.0;
#     the desk is empty at all other times (longest empty stretch 60.3-88.7).
#   counter-wobble (157.1 s): empty 0-22.5; P4 22.5-34.9, P2 39.0-60.9; empty 60.9-109.2; P6 109.2-115.4, P5
#     120.5-155.0; empty to the end.
#   shelf-zoom-osd (90.47 s; a bottle counts as gone once lifted off the bench, back once set down): 3 bottles;
#     left taken 11.4, back 13.9; left taken 32.0, middle taken 37.0 (one bottle left), left+middle back together
#     42.1; right taken 49.6, back 57.2; left taken 82.6, back 87.7; 3 to the end. Hand in view about 11.0-11.6,
#     13.8-14.6, 30.8-32.2, 35.0-37.4, 41.8-43.8, 48.0-50.0, 55.8-59.2, 81.8-82.8, 87.2-89.2.
#   lot-rain-stop (166.08 s): the car is in view 14.0-20.8, 50.8-87.7 (standing still in the middle of the lot
#     54.2-84.2) and 132.7-144.1 (driving its path backwards); the lot is empty at all other times.
#   table-fog-trails (127.3 s): P6 1.9-14.5, P3 21.0-40.6; empty 40.6-75.3; P5 75.3-91.1 (jump cut at 83.3),
#     P1 97.5-108.5, P4 112.2-124.6; empty to the end.
# Clothes (test/fixtures/appearance.ts): P1 long grey cardigan (grey skirt, dark leggings), P2 black jacket +
# dark jeans, P3 black top + black trousers (long blonde hair), P4 black T-shirt + black trousers, P5 grey
# cardigan + dark navy jeans (long dark hair), P6 light grey shirt + blue jeans (short hair, a man); the lot's
# car is silver.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind13}"
font=/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf

# Parts are cut into lossless intermediates at the recording's frame rate, then joined (concat demuxer) and
# given the recording's look in one final encode.
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p)
# seg IN OUT FPS START END SPEED [reverse]: source seconds [START, END) of IN, backwards if asked, at SPEED.
seg() {
  local rev=""; [ "${7:-}" = reverse ] && rev=",reverse"
  ff -i "$1" -vf "trim=start=$4:end=$5,setpts=PTS-STARTPTS$rev,setpts=PTS/$6,fps=$3" "${lossless[@]}" "$2"
}
# hold IN OUT FPS AT DUR: the frame of IN at source second AT held still for DUR seconds.
hold() {
  ff -ss "$4" -i "$1" -frames:v 1 "$2.png"
  ff -loop 1 -framerate "$3" -i "$2.png" -t "$5" -vf "fps=$3" "${lossless[@]}" "$2"
}
# still PNG OUT FPS DUR: the picture PNG held for DUR seconds.
still() { ff -loop 1 -framerate "$3" -i "$1" -t "$4" -vf "fps=$3,format=yuv420p" "${lossless[@]}" "$2"; }
# parts NAME FILE...: writes the concat list of a recording's parts.
parts() { local n="$1"; shift; : >"$tmp/$n.txt"; for p in "$@"; do echo "file '$tmp/$p.mp4'" >>"$tmp/$n.txt"; done; }

# 1. desk-keystone-film (observatory-gift-desk): P5, P1 slow, empty hold, P6 fast, P3, P1 again; keystone + old film.
desk_rec() {
  seg "$table" "$tmp/d1.mp4" 10 89.5 121.5 1
  seg "$table" "$tmp/d2.mp4" 10 0 21.3 0.7
  hold "$table" "$tmp/d3.mp4" 10 47 25
  seg "$table" "$tmp/d4.mp4" 10 121.5 139.3 1.5
  seg "$table" "$tmp/d5.mp4" 10 47 72 1
  seg "$table" "$tmp/d6.mp4" 10 0 21.3 1
  parts desk d1 d2 d3 d4 d5 d6
  ff -f concat -safe 0 -i "$tmp/desk.txt" -vf "perspective=x0=46:y0=0:x1=738:y1=14:x2=0:y2=432:x3=768:y3=432:sense=destination:eval=init,\
curves=preset=vintage,noise=alls=22:allf=t+u" "${enc[@]}" -crf 27 "$out/desk-keystone-film.mp4"
}

# 2. counter-wobble (print-shop-counter): empty 20 s, P4, P2, empty 45 s, P6 2x fast, P5 0.8x slow; a camera on
# a pole shaking in the wind (a moving 704x396 crop scaled back up) and a teal-and-orange grade.
counter_rec() {
  hold "$table" "$tmp/c1.mp4" 10 0 20
  seg "$table" "$tmp/c2.mp4" 10 72 89.5 1
  seg "$table" "$tmp/c3.mp4" 10 21.3 47 1
  hold "$table" "$tmp/c4.mp4" 10 121.5 45
  seg "$table" "$tmp/c5.mp4" 10 121.5 139.3 2
  seg "$table" "$tmp/c6.mp4" 10 89.5 121.5 0.8
  parts counter c1 c2 c3 c4 c5 c6
  ff -f concat -safe 0 -i "$tmp/counter.txt" -vf "crop=704:396:'32+22*sin(2*PI*t*0.7)+6*sin(2*PI*t*2.3)':'18+12*sin(2*PI*t*0.53)+4*sin(2*PI*t*1.9)',\
scale=768:432:flags=fast_bilinear,curves=r='0/0 0.5/0.56 1/1':g='0/0.02 0.5/0.5 1/0.97':b='0/0.1 0.5/0.47 1/0.86',\
eq=contrast=1.12:saturation=1.25" "${enc[@]}" "$out/counter-wobble.mp4"
}

# 3. shelf-zoom-osd (apothecary-shelf): 3 bottles 8 s, part A 2x fast, 3 bottles 15 s, part B backwards, part C
# 0.5x slow, 3 bottles 10 s, part A again; zoomed onto the bench, a green fluorescent cast and a burned-in clock.
shelf_rec() {
  hold "$shelf" "$tmp/s1.mp4" 15 3 8
  seg "$shelf" "$tmp/s2.mp4" 15 0 14.5 2
  hold "$shelf" "$tmp/s3.mp4" 15 14.5 15
  seg "$shelf" "$tmp/s4.mp4" 15 14.5 29.5 1 reverse
  seg "$shelf" "$tmp/s5.mp4" 15 29.5 39.855 0.5
  hold "$shelf" "$tmp/s6.mp4" 15 39.5 10
  seg "$shelf" "$tmp/s7.mp4" 15 0 14.5 1
  parts shelfrec s1 s2 s3 s4 s5 s6 s7
  epoch=$(date -u -d 2027-01-13T11:28:45Z +%s)
  osd="crop=544:306:46:40,scale=640:360:flags=bilinear,curves=r='0/0 1/0.94':g='0/0.04 1/1':b='0/0.01 1/0.95',eq=saturation=0.85,\
drawtext=fontfile=$font:fontsize=18:fontcolor=white:borderw=2:bordercolor=black:x=12:y=12:\
text='%{pts\\:gmtime\\:$epoch\\:%Y-%m-%d %H\\\\\\:%M\\\\\\:%S}',\
drawtext=fontfile=$font:fontsize=16:fontcolor=white:borderw=2:bordercolor=black:x=w-tw-12:y=h-th-12:text='CAM 03 SHELF'"
  ff -f concat -safe 0 -i "$tmp/shelfrec.txt" -vf "$osd" "${enc[@]}" "$out/shelf-zoom-osd.mp4"
}

# 4. lot-rain-stop (hospital-drop-off): passes of the car (0.5x; 0.5x with a 30 s stop in the middle of the lot;
# backwards at 0.3x) between stills of the empty lot; rain streaks and an overcast look.
lot_rec() {
  empty_lot "$tmp/empty.png"
  still "$tmp/empty.png" "$tmp/l1.mp4" 12 14
  seg "$lot" "$tmp/l2.mp4" 12 0 3.417 0.5
  still "$tmp/empty.png" "$tmp/l3.mp4" 12 30
  seg "$lot" "$tmp/l4.mp4" 12 0 1.667 0.5
  hold "$lot" "$tmp/l5.mp4" 12 1.667 30
  seg "$lot" "$tmp/l6.mp4" 12 1.667 3.417 0.5
  still "$tmp/empty.png" "$tmp/l7.mp4" 12 45
  seg "$lot" "$tmp/l8.mp4" 12 0 3.417 0.3 reverse
  still "$tmp/empty.png" "$tmp/l9.mp4" 12 22
  parts lotrec l1 l2 l3 l4 l5 l6 l7 l8 l9
  ff -f lavfi -i "nullsrc=s=480x18,geq=lum='if(lt(random(1),0.007),190,16)':cb=128:cr=128,format=yuv420p" -frames:v 1 "$tmp/rain.png"
  ff -f concat -safe 0 -i "$tmp/lotrec.txt" -loop 1 -framerate 12 -i "$tmp/rain.png" -filter_complex \
"[1:v]scale=480:270:flags=neighbor,scroll=v=-0.06,avgblur=sizeX=1:sizeY=2,format=yuv420p[r];\
[0:v]eq=brightness=-0.06:contrast=0.92:saturation=0.6,format=yuv420p[v];\
[v][r]blend=c0_mode=screen:c0_opacity=0.5:c1_mode=normal:c2_mode=normal:shortest=1" "${enc[@]}" "$out/lot-rain-stop.mp4"
}

# 5. table-fog-trails (allotment-shed-table): P6, P3, empty 30 s, P5 with a jump cut, P1 1.25x fast, P4; fog
# (low contrast, lifted blacks, soft focus) and motion trails (each frame averaged with the 3 before it, weights 1-3-3-1).
fog_rec() {
  seg "$table" "$tmp/t1.mp4" 10 121.5 139.3 1
  seg "$table" "$tmp/t2.mp4" 10 47 72 1
  hold "$table" "$tmp/t3.mp4" 10 72 30
  seg "$table" "$tmp/t4.mp4" 10 89.5 100 1
  seg "$table" "$tmp/t5.mp4" 10 112 121.5 1
  seg "$table" "$tmp/t6.mp4" 10 0 21.3 1.25
  seg "$table" "$tmp/t7.mp4" 10 72 89.5 1
  parts fog t1 t2 t3 t4 t5 t6 t7
  ff -f concat -safe 0 -i "$tmp/fog.txt" -vf "tblend=all_mode=average,tblend=all_mode=average,tblend=all_mode=average,\
eq=contrast=0.62:brightness=0.13:saturation=0.55,avgblur=sizeX=2" \
    "${enc[@]}" "$out/table-fog-trails.mp4"
}

# Two recordings at a time (the filters are single-threaded): about 1.5 min on 2 idle cores.
desk_rec & a=$!; counter_rec & b=$!
wait "$a"; lot_rec & a=$!
wait "$b"; shelf_rec & b=$!
wait "$b"; fog_rec & b=$!
wait "$a"; wait "$b"
finish
