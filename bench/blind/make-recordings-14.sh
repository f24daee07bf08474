#!/usr/bin/env bash
# Makes the recordings of the fourteenth blind set (bench/blind/set-2026-12-02n.json) from the shared clips.
# Usage: bench/blind/make-recordings-14.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind14)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md; the
# README is copied beside the recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,...,-13}.sh: the table clip filmed by a phone on its side (rotated 90
# degrees clockwise and mirrored, transpose=clock,hflip, so people come in at the right edge and leave at the
# bottom), pillarboxed (324x576 in a black 1024x576 frame), its visits as: a 12 s empty hold, P3, P1 at 0.75x, a
# 40 s empty hold, P6 at 1.25x, P2, P4 backwards (she walks in at the bottom and out where people come in), a 4 s
# hold; the table clip under sodium street light (monochrome orange, dark, moving noise, crf 26) from a network
# camera that stutters (of every 8.5 s the last 1.2 s are dropped and the frame before the drop stays on screen,
# so the picture freezes in [8.5k+7.3, 8.5k+8.5) and then jumps), a 30 s empty start, P5, P4 at 0.7x, a 55 s
# empty hold, P1, P2, P5 again at 1.5x, a 12 s hold; a 2x2 monitor wall (768x432, four 380x212 tiles on a grey
# grid, a label in each): CH1 HALL the whole table clip (0-139.3, then held), CH2 FOYER the table clip mirrored
# with only its P3 and P6, moved to other times (30 s and 95 s in; they come in at the bottom and leave at the
# left edge), so that two people are on screen at once three times,
# CH3 CAR PARK the lot's lower-left corner (288x162 at (0,34), scaled up: the car, not the walker or the
# cyclist) with three passes of the car (1x, 0.5x, backwards at 1x) between stills of the empty lot, CH4 a dark
# blue "NO SIGNAL" tile; the bottle clip rotated 90 degrees clockwise (portrait 360x640: the bench upright on
# the left, the bottles lying one above the other with the source's left bottle at the top and the right one at
# the bottom, hands reaching in from the right edge), a cold white balance (colortemperature 10500 K), colour
# fringes (rgbashift: red 4 px one way, blue 4 px the other) and over-sharpening (unsharp 5:5:1.3), 30 fps, its
# parts as: 3 bottles held 6 s, part B (14.5-29.5) at 0.6x, a 20 s hold, part C (29.5-39.855) backwards (the right
# bottle's return becomes a take and its take a return), part A (3.0-14.5) at 1.5x, a 35 s hold, part C at 0.8x;
# the parking-lot clip in falling snow (sparse soft white flakes scrolling down and slightly left, screened over
# a pale, low-contrast, desaturated, cold picture), 12 fps, five visits of the car between stills of the empty
# lot: 0.5x, then after only 4 s again at 1x (two passes nearly back to back), forward at 0.4x straight into
# backwards at 0.4x (the car drives in and reverses out the way it came: one visit, no gap), backwards at 0.25x,
# and 1x.
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate, joined with the concat
# filter and given the recording's look in one final encode (recipes.sh: libx264 veryfast crf 20, yuv420p). The
# script runs the recordings one after the other: about 2.5 min on 2 cores. With ffmpeg 5.1.9 (Debian 12) on
# this 2-core machine its output is byte-identical to the recordings the set was written from (x264 takes its
# thread count, here 3, from the number of cores, so elsewhere the bytes may differ though the pictures do not).
# Source timelines (test/fixtures/truth.ts, refined in make-recordings-7.sh..-13.sh): in-view intervals of the
# table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7]
# [92.3, 119.8] [123.5, 136.0]; the table is empty at the cut and hold points used below (0, 3, 21.3, 47, 72,
# 89.5, 121.5, 139.3). People walk in at the bottom (close to the camera) and leave at the right edge. Bottles on
# the bench (left, middle, right): 3 until the left one is taken at 6.7, back at 11.5; the left and middle ones
# taken together at 17.3; the middle one back at 22.3, the left one back at 27.6; the right one taken at 31.5,
# back at 35.5; 3 to the end (39.855); no hand in view at 3.0, 14.5, 29.5 (the cut and hold points). The
# parking-lot clip (3.417 s, 41 frames at 12 fps) has the silver car in view in every frame (it comes in at the
# bottom and leaves at the left edge; a walker and a cyclist cross the far side during each pass, the set asks
# nothing about them); the stills of the empty lot (recipes.sh empty_lot) show no car.
# Every output was checked after it was made on frame sheets with timestamps (under /tmp/vigil-blind14-sheets:
# sheet.sh = ffmpeg trim + every Nth frame + drawtext of the pts + tile, 1 fps overviews; fine.py = strips of every
# frame 1.5 s either side of each change): the times below are the ones read there (to within 0.3 s; a person
# counts from the first frame with any part of them in view to the last).
# Cameras and start times in the set (clock time = start + recording seconds, UTC; relative windows such as "the
# last 2 minutes" are measured back from start + duration):
#   desk-portrait-pillarbox -> vet-reception-desk 2027-02-03T09:17:25Z; kiosk-sodium-stutter -> petrol-station-kiosk
#   2027-02-07T23:41:10Z; hall-quad-monitor -> community-centre-monitor 2027-02-12T16:05:50Z; shelf-sideways-cold
#   -> farm-shop-shelf 2027-02-16T11:22:05Z; lot-snow-doublepass -> mountain-hut-parking 2027-02-21T08:36:40Z.
# Truth in recording seconds (read on the sheets):
#   desk-portrait-pillarbox (162.8 s): empty 0-15.2; P3 15.2-34.8, P1 41.0-59.3; empty 59.3-102.9 (the longest
#     empty stretch, 43.6 s); P6 102.9-113.0, P2 117.0-139.2, P4 (backwards) 143.9-156.2; empty to the end. One
#     person at a time; 82.5 s with somebody at the desk.
#   kiosk-sodium-stutter (219.3 s): empty 0-32.6; P5 32.6-60.3, P4 65.6-83.1; empty 83.1-145.0 (61.9 s, the
#     longest gap); P1 145.0-158.8, P2 161.7-183.8, P5 again 187.7-206.2; empty to the end. One person at a time;
#     99.6 s with somebody at the window.
#   hall-quad-monitor (141.9 s): CH1 P1 6.0-19.8, P2 22.8-44.8, P3 50.2-69.8, P4 74.5-86.8, P5 92.2-119.9, P6
#     123.5-136.0; CH2 P3 33.2-52.8, P6 97.0-109.5 (8 people in all; two on screen at once 33.2-44.8, 50.2-52.8
#     and 97.0-109.5, 26.7 s in all; never more than two); CH3 the car 18.0-21.3, 70.0-76.7, 125.0-128.3
#     (backwards: in at the left edge, out at the bottom); no car at other times; CH4 shows nothing.
#   shelf-sideways-cold (116.93 s; a bottle counts as gone once lifted off the bench, back once set down; top,
#     middle, bottom as on screen): 3 bottles; top and middle taken together 10.8 (one bottle left); middle back
#     19.3, top back 28.1; bottom taken 55.4, back 59.3; top taken 63.9, back 67.3; bottom taken 106.8, back
#     111.7; 3 to the end (5 takes, 5 returns; 29.5 s with a bottle missing; the longest full stretch is
#     67.3-106.8, with the hand out of view from about 68.4 to 105.8).
#     Hand in view (1 fps sheets, about): 9-11.7, 19-22, 27.5-30, 54-56, 59-60, 63-64, 67-68.4, 105.8-107,
#     111.5-113.5.
#   lot-snow-doublepass (193.42 s): the car is in view 25.0-31.8, 35.8-39.2, 89.3-106.3 (in and reversing out,
#     one visit), 141.4-155.0 (driving its path backwards: in at the left edge, out at the bottom) and
#     175.1-178.4; the lot is empty at all other times (longest empty stretch 39.2-89.3, 50.1 s).
# Clothes (test/fixtures/appearance.ts, as in make-recordings-13.sh; the kiosk picture is monochrome): P1 long grey
# cardigan (grey skirt, dark leggings), P2 black jacket + dark jeans, P3 black top + black trousers (long blonde
# hair), P4 black T-shirt + black trousers, P5 grey cardigan + dark navy jeans (long dark hair), P6 light grey shirt
# + blue jeans (short hair, a man); the lot's car is silver.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind14}"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
[ -f "$font" ] || font="$(fc-match -f '%{file}' sans 2>/dev/null || true)"
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p)   # intermediates

# seg IN FROM TO SPEED FPS OUT [PRE] [POST]: source seconds [FROM, TO) at SPEED (0.5 = half speed), resampled to
# FPS; PRE is applied before the speed change (",reverse" plays the part backwards), POST after it.
seg() {
  ff -i "$1" -vf "trim=start=$2:end=$3,setpts=PTS-STARTPTS${7:-},setpts=PTS/$4,fps=$5${8:-},format=yuv420p" \
    "${lossless[@]}" "$6"
}
# still IN SECOND PNG: one frame of IN (the first one at or after SECOND).
still() { ff -i "$1" -vf "trim=start=$2,setpts=PTS-STARTPTS" -frames:v 1 "$3"; }
# hold PNG DURATION FPS OUT [POST]: the still held DURATION seconds.
hold() {
  ff -loop 1 -framerate "$3" -i "$1" -vf "fps=$3${5:-},format=yuv420p" -t "$2" "${lossless[@]}" "$4"
}
# join OUT PARTS...: the parts one after the other (same size and rate; concat filter), still lossless.
join() {
  local o="$1" ins=() n=0; shift
  for p in "$@"; do ins+=(-i "$p"); n=$((n + 1)); done
  ff "${ins[@]}" -filter_complex "concat=n=$n:v=1:a=0,format=yuv420p" "${lossless[@]}" "$o"
}

# ---------------------------------------------------------------------------------------------------------
# 1. desk-portrait-pillarbox -> vet-reception-desk: the table clip rotated 90 degrees clockwise and mirrored
#    (transpose=clock,hflip: a phone filmed on its side), pillarboxed (324x576 in a black 1024x576 frame).
still "$table" 0 "$tmp/t0.png"; still "$table" 21.3 "$tmp/t21.png"; still "$table" 89.5 "$tmp/t89.png"
hold "$tmp/t0.png" 12 10 "$tmp/d1.mkv"                        #  0.00- 12.00 empty
seg "$table" 47 72 1 10 "$tmp/d2.mkv"                           # 12.00- 37.00 P3
seg "$table" 3 21.3 0.75 10 "$tmp/d3.mkv"                       # 37.00- 61.40 P1 slow
hold "$tmp/t21.png" 40 10 "$tmp/d4.mkv"                         # 61.40-101.40 empty
seg "$table" 121.5 139.3 1.25 10 "$tmp/d5.mkv"                  #101.40-115.64 P6 fast
seg "$table" 21.3 47 1 10 "$tmp/d6.mkv"                         #115.64-141.34 P2
seg "$table" 72 89.5 1 10 "$tmp/d7.mkv" ",reverse"              #141.34-158.84 P4 backwards
hold "$tmp/t89.png" 4 10 "$tmp/d8.mkv"                          #158.84-162.84 empty
join "$tmp/desk.mkv" "$tmp"/d{1,2,3,4,5,6,7,8}.mkv
ff -i "$tmp/desk.mkv" -vf "transpose=clock,hflip,scale=324:576,pad=1024:576:350:0:black,setsar=1" \
  "${enc[@]}" "$out/desk-portrait-pillarbox.mp4"

# ---------------------------------------------------------------------------------------------------------
# 2. kiosk-sodium-stutter -> petrol-station-kiosk: the table clip under sodium street light (monochrome orange,
#    dark, moving noise) from a network camera that stutters: 1.2 s of every 8.5 s is dropped and the last frame
#    before the drop stays on screen (select + fps), so the picture freezes and then jumps.
still "$table" 121.5 "$tmp/t121.png"
hold "$tmp/t0.png" 30 10 "$tmp/k1.mkv"                         #  0.00- 30.00 empty
seg "$table" 89.5 121.5 1 10 "$tmp/k2.mkv"                      # 30.00- 62.00 P5
seg "$table" 72 89.5 0.7 10 "$tmp/k3.mkv"                       # 62.00- 87.00 P4 slow
hold "$tmp/t89.png" 55 10 "$tmp/k4.mkv"                         # 87.00-142.00 empty
seg "$table" 3 21.3 1 10 "$tmp/k5.mkv"                          #142.00-160.30 P1
seg "$table" 21.3 47 1 10 "$tmp/k6.mkv"                         #160.30-186.00 P2
seg "$table" 89.5 121.5 1.5 10 "$tmp/k7.mkv"                    #186.00-207.33 P5 again, fast
hold "$tmp/t121.png" 12 10 "$tmp/k8.mkv"                        #207.33-219.33 empty
join "$tmp/kiosk.mkv" "$tmp"/k{1,2,3,4,5,6,7,8}.mkv
ff -i "$tmp/kiosk.mkv" -vf "select='lt(mod(t\,8.5)\,7.3)',fps=10,hue=s=0,\
colorchannelmixer=rr=1:gg=0.62:bb=0.26,eq=brightness=-0.06:contrast=1.25:gamma=0.9,noise=alls=7:allf=t+u" \
  "${enc[@]}" -crf 26 "$out/kiosk-sodium-stutter.mp4"

# ---------------------------------------------------------------------------------------------------------
# 3. hall-quad-monitor -> community-centre-monitor: a 2x2 monitor wall (four 380x212 tiles on a grey grid,
#    768x432, 10 fps, a channel label in each tile): CH1 the whole table clip; CH2 the table clip mirrored with
#    two of its visits at other times, so that two people are on screen at once three times; CH3 the lot's
#    lower-left corner (288x162 at (0,34): the car, not the walker or the cyclist) with three passes of the car
#    between stills of the empty lot; CH4 "NO SIGNAL".
still "$table" 47 "$tmp/t47.png"; still "$table" 72 "$tmp/t72.png"; still "$table" 139.3 "$tmp/t139.png"
seg "$table" 0 139.3 1 10 "$tmp/q1a.mkv"
hold "$tmp/t139.png" 2.7 10 "$tmp/q1b.mkv"
join "$tmp/q1.mkv" "$tmp"/q1{a,b}.mkv                          # CH1: the table clip 0-139.3, then held to 142
hold "$tmp/t47.png" 30 10 "$tmp/q2a.mkv"                        # CH2:  0.0- 30.0 empty
seg "$table" 47 72 1 10 "$tmp/q2b.mkv"                          #       30.0- 55.0 P3
hold "$tmp/t72.png" 40 10 "$tmp/q2c.mkv"                        #       55.0- 95.0 empty
seg "$table" 121.5 139.3 1 10 "$tmp/q2d.mkv"                    #       95.0-112.8 P6
hold "$tmp/t139.png" 29.2 10 "$tmp/q2e.mkv"                     #      112.8-142.0 empty
join "$tmp/q2.mkv" "$tmp"/q2{a,b,c,d,e}.mkv
lc="crop=288:162:0:34,scale=768:432"
empty_lot "$tmp/lot0.png"
hold "$tmp/lot0.png" 18 10 "$tmp/q3a.mkv" ",$lc"                # CH3:  0.00- 18.00 empty lot
seg "$lot" 0 3.417 1 10 "$tmp/q3b.mkv" "" ",$lc"                #       18.00- 21.42 car, 1x
hold "$tmp/lot0.png" 48.58 10 "$tmp/q3c.mkv" ",$lc"             #       21.42- 70.00 empty
seg "$lot" 0 3.417 0.5 10 "$tmp/q3d.mkv" "" ",$lc"              #       70.00- 76.83 car, 0.5x
hold "$tmp/lot0.png" 48.17 10 "$tmp/q3e.mkv" ",$lc"             #       76.83-125.00 empty
seg "$lot" 0 3.417 1 10 "$tmp/q3f.mkv" ",reverse" ",$lc"        #      125.00-128.42 car, backwards
hold "$tmp/lot0.png" 13.58 10 "$tmp/q3g.mkv" ",$lc"             #      128.42-142.00 empty
join "$tmp/q3.mkv" "$tmp"/q3{a,b,c,d,e,f,g}.mkv
lab() { echo "scale=380:212,setsar=1,drawtext=fontfile=$font:text='$1':x=6:y=6:fontsize=13:fontcolor=white:box=1:boxcolor=black@0.6,pad=384:216:2:2:0x404040"; }
ff -i "$tmp/q1.mkv" -i "$tmp/q2.mkv" -i "$tmp/q3.mkv" -f lavfi -i "color=c=0x0c1430:s=380x212:r=10:d=142" \
  -filter_complex "[0:v]$(lab 'CH1 HALL')[a];[1:v]hflip,$(lab 'CH2 FOYER')[b];[2:v]$(lab 'CH3 CAR PARK')[c];\
[3:v]drawtext=fontfile=$font:text='NO SIGNAL':x=(w-tw)/2:y=(h-th)/2:fontsize=24:fontcolor=white,$(lab 'CH4')[d];\
[a][b][c][d]xstack=inputs=4:layout=0_0|w0_0|0_h0|w0_h0,fps=10,format=yuv420p[v]" -map "[v]" -t 142 \
  "${enc[@]}" "$out/hall-quad-monitor.mp4"

# ---------------------------------------------------------------------------------------------------------
# 4. shelf-sideways-cold -> farm-shop-shelf: the bottle clip rotated 90 degrees clockwise (a portrait 360x640
#    picture, the bench upright on the left), a cold white balance, colour fringes (rgbashift: red and blue
#    shifted 4 px apart, a cheap lens) and over-sharpening, 30 fps; parts in a new order: a 6 s hold, part B
#    (14.5-29.5) at 0.6x, a 20 s hold, part C (29.5-39.855) backwards, part A (3.0-14.5) at 1.5x, a 35 s hold,
#    part C at 0.8x.
still "$shelf" 3.0 "$tmp/s3.png"; still "$shelf" 29.5 "$tmp/s29.png"; still "$shelf" 14.5 "$tmp/s14.png"
hold "$tmp/s3.png" 6 30 "$tmp/b1.mkv"                           #  0.00-  6.00 3 bottles
seg "$shelf" 14.5 29.5 0.6 30 "$tmp/b2.mkv"                     #  6.00- 31.00 part B slow
hold "$tmp/s29.png" 20 30 "$tmp/b3.mkv"                         # 31.00- 51.00 3 bottles
seg "$shelf" 29.5 39.855 1 30 "$tmp/b4.mkv" ",reverse"          # 51.00- 61.36 part C backwards
seg "$shelf" 3.0 14.5 1.5 30 "$tmp/b5.mkv"                      # 61.36- 69.02 part A fast
hold "$tmp/s14.png" 35 30 "$tmp/b6.mkv"                         # 69.02-104.02 3 bottles
seg "$shelf" 29.5 39.855 0.8 30 "$tmp/b7.mkv"                   #104.02-116.96 part C slow
join "$tmp/shelf.mkv" "$tmp"/b{1,2,3,4,5,6,7}.mkv
ff -i "$tmp/shelf.mkv" -vf "transpose=clock,colortemperature=temperature=10500,rgbashift=rh=-4:bh=4,\
unsharp=5:5:1.3,setsar=1" "${enc[@]}" "$out/shelf-sideways-cold.mp4"

# ---------------------------------------------------------------------------------------------------------
# 5. lot-snow-doublepass -> mountain-hut-parking: the parking-lot clip in falling snow (sparse white flakes
#    scrolling down, screened over a pale, low-contrast, cold picture), 12 fps; five visits of the car: 0.5x, then
#    after only 4 s again at 1x (two passes nearly back to back), forward at 0.4x straight into backwards at 0.4x
#    (the car drives in and reverses out the way it came, one visit), backwards at 0.25x, and 1x.
empty_lot "$tmp/lot0.png"
hold "$tmp/lot0.png" 25 12 "$tmp/l1.mkv"                        #  0.00- 25.00 empty
seg "$lot" 0 3.417 0.5 12 "$tmp/l2.mkv"                         # 25.00- 31.83 car 0.5x
hold "$tmp/lot0.png" 4 12 "$tmp/l3.mkv"                         # 31.83- 35.83 empty
seg "$lot" 0 3.417 1 12 "$tmp/l4.mkv"                           # 35.83- 39.25 car 1x
hold "$tmp/lot0.png" 50 12 "$tmp/l5.mkv"                        # 39.25- 89.25 empty
seg "$lot" 0 3.417 0.4 12 "$tmp/l6.mkv"                         # 89.25- 97.79 car in, 0.4x
seg "$lot" 0 3.417 0.4 12 "$tmp/l7.mkv" ",reverse"              # 97.79-106.33 and out backwards
hold "$tmp/lot0.png" 35 12 "$tmp/l8.mkv"                        #106.33-141.33 empty
seg "$lot" 0 3.417 0.25 12 "$tmp/l9.mkv" ",reverse"             #141.33-155.00 car backwards 0.25x
hold "$tmp/lot0.png" 20 12 "$tmp/l10.mkv"                       #155.00-175.00 empty
seg "$lot" 0 3.417 1 12 "$tmp/l11.mkv"                          #175.00-178.42 car 1x
hold "$tmp/lot0.png" 15 12 "$tmp/l12.mkv"                       #178.42-193.42 empty
join "$tmp/lotj.mkv" "$tmp"/l{1,2,3,4,5,6,7,8,9,10,11,12}.mkv
# the flakes: one 480x540 frame of sparse random dots (fixed seed), grown and softened, scrolled down.
ff -f lavfi -i "color=c=black:s=480x540:d=1,format=gray,geq=lum='if(lt(abs(mod(sin(X*12.9898+Y*78.233)*43758.5453\,1))\,0.0009)\,255\,0)'" \
  -vf "dilation,gblur=sigma=1.1,format=rgb24,curves=all='0/0 0.25/0.9 1/1',format=gray" -frames:v 1 "$tmp/flakes.png"
ff -i "$tmp/lotj.mkv" -loop 1 -framerate 12 -i "$tmp/flakes.png" -filter_complex \
  "[1:v]scroll=vertical=-0.006:horizontal=0.0015,crop=480:270:0:0,format=gbrp[f];\
[0:v]eq=brightness=0.13:contrast=0.75:saturation=0.4,colortemperature=temperature=8200,format=gbrp[p];\
[p][f]blend=all_mode=screen:shortest=1,fps=12,format=yuv420p[v]" -map "[v]" "${enc[@]}" "$out/lot-snow-doublepass.mp4"

finish
