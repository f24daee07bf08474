#!/usr/bin/env bash
# Makes the recordings of the fifteenth blind set (bench/blind/set-2026-12-03o.json) from the shared clips.
# Usage: bench/blind/make-recordings-15.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind15)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md; the
# README is copied beside the recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,...,-14}.sh: the table clip under a failing fluorescent tube (brightness
# wavering at two beat rates plus a dark dip on 2 of every 29 frames, a faint green cast), its visits as: a 16 s
# empty hold, P4, P1 at 0.8x, P4 again, a 48 s empty hold, P3 at 1.3x, P5, a 6 s hold; the table clip dubbed to
# VHS tape (halved resolution scaled back up, chroma smeared sideways, over-saturated, moving luma noise, a bright
# tracking line wobbling near the bottom, "PLAY" top left) with a grey privacy mask over the window, and a camera
# that gets knocked in the middle of an empty hold (from then on the picture is turned 2 degrees and framed
# 680x382 at (44,36), scaled back to 768x432: the table sits higher, a little larger, tilted), its visits: P2, P6 at
# 0.75x, a 34 s empty hold (the knock 17 s into it), P5 backwards (she walks in backwards from the right edge and
# leaves backwards at the bottom), P3 at 1.4x, P1 at 1.2x, a 10 s hold; the bottle clip from a camera whose auto
# exposure hunts (brightness, contrast and gamma swinging with a 9 s period) at 25 fps, its slow parts frame-
# blended (framerate filter: soft double images of the hand instead of repeated frames), parts as: 3 bottles held
# 10 s, part C (29.5-39.5) at 0.5x, part B (14.5-29.5), a 25 s hold, part A (3.0-14.5) at 1.5x, part B backwards at
# 0.75x (the left and middle bottles are taken one at a time and come back together), a 12 s hold; the parking-lot
# clip at night (dark curves, a blue cast, little colour, moving sensor noise), 12 fps, made of two tracks: A the
# lot as filmed and B the lot mirrored left-right, whose car (only: its difference from the mirrored empty lot,
# right half, below the far side's walker path) is laid over A, so that a second car drives in from the bottom
# and leaves at the right edge, and once two cars are in the lot together; the crockery-aisle clip (store-aisle-
# detection.mp4, not used by any earlier set) from a 5 fps shop camera in a warm, faded grade, slowed into a
# browsing scene: the first frame held, the clip at 0.4x (a third shopper comes in), the last frame held, the clip
# backwards at 0.4x (she backs out of the picture), the first frame held, the clip at 0.5x (she comes in again),
# the last frame held.
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate, joined with the concat
# filter and given the recording's look in one final encode (recipes.sh: libx264 veryfast crf 20, yuv420p; crf 26
# for the two noisy ones, desk-vhs-knock and lot-moonlit-crossing). The recordings are made two at a time: 2.5 to 3
# minutes on this 2-core machine (ffmpeg 5.1, Debian 12); run twice here, the outputs were byte-identical.
# Source timelines (test/fixtures/truth.ts, refined in make-recordings-7.sh..-14.sh): in-view intervals of the
# table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7]
# [92.3, 119.8] [123.5, 136.0]; the table is empty at the cut and hold points used below (0, 21.3, 47, 72, 89.5,
# 121.5, 139.3). People walk in at the bottom (close to the camera) and leave at the right edge. Bottles on the
# bench (left, middle, right): 3 until the left one is taken at 6.7, back at 11.5; the left and middle ones taken
# together at 17.3; the middle one back at 22.3, the left one back at 27.6; the right one taken at 31.5, back at
# 35.5; 3 to the end (39.855); no hand in view at 3.0, 14.5, 29.5, 39.5 (the cut and hold points). The parking-lot
# clip (3.417 s, 41 frames at 12 fps) has the silver car in view in every frame (it comes in at the bottom and
# leaves at the left edge; a walker and a cyclist cross the far side during track A's passes, the set asks nothing
# about them); the stills of the empty lot (recipes.sh empty_lot) show no car. The crockery-aisle clip (4.467 s, 67
# frames at 15 fps, read for this script on a 15 fps sheet): a man in an olive jacket and a hat and a woman in a
# teal top with a dark ponytail stand at the right-hand shelves in every frame; a third shopper (blonde, brown
# jacket) comes in at the bottom right from 1.05 s (a blurred sliver first, her head clearly from 1.3 s) and stays
# to the end, in front of the other two, all three in view; there is no frame with fewer than two people.
# Every output was checked after it was made on frame sheets with timestamps (under /tmp/vigil-blind15-sheets:
# sheet.sh = ffmpeg trim + fps + drawtext of the pts + tile, 1-2 fps overviews; fine.sh = 4-5 fps strips 1.5 s
# either side of each change): the times below are the ones read there (to within 0.2 s; a person counts from the
# first frame with any part of them in view to the last; a bottle is gone once lifted off, back once set down).
# Cameras and start times in the set (clock time = start + recording seconds, UTC; relative windows such as "the
# last minute" are measured back from start + duration):
#   till-flicker-repeat -> canteen-till 2027-03-04T12:41:35Z; desk-vhs-knock -> hostel-front-desk
#   2027-03-09T23:17:50Z; rack-pumping-blend -> cider-cellar-rack 2027-03-13T16:05:12Z; lot-moonlit-crossing ->
#   campsite-car-park 2027-03-20T02:28:40Z; aisle-5fps-backtrack -> homeware-aisle 2027-03-27T10:58:25Z.
# Truth in recording seconds (read on the sheets):
#   till-flicker-repeat (182.8 s): empty 0-18.6; P4 18.6-30.8, P1 41.2-58.3, P4 again 62.6-74.9; empty 74.9-128.0
#     (53.1 s, the longest); P3 128.0-143.2, P5 147.4-175.3; empty to the end. One person at a time; 5 visits by 4
#     people; stays 12.2, 17.1, 12.3, 15.2, 27.9 (84.7 s in all).
#   desk-vhs-knock (161.1 s): P2 1.4-23.6, P6 28.4-45.1; empty 45.1-85.0 (39.9 s, the longest; the knock at 66.4);
#     P5 (backwards) 85.0-112.8, P3 117.8-131.7, P1 138.4-149.7; empty to the end. One person at a time; 5 people,
#     each once; stays 22.2, 16.7, 27.8, 13.9, 11.3 (91.9 s in all).
#   rack-pumping-blend (109.68 s; bottles left, middle, right as on screen): 3; right taken 14.5, back 22.0; left
#     and middle taken together 33.0 (one left); middle back 38.1, left back 43.2; left taken 72.5, back 75.9; left
#     taken 80.1, middle taken 86.9 (one left); both back together 93.6; 3 to the end. Count drops 5 times (6
#     bottles), rises 5 times (6 bottles); fewer than 3 for 34.6 s; the longest full stretch 43.2-72.5 (29.3 s).
#   lot-moonlit-crossing (161.917 s): track A's car 15.0-21.75 (in at the bottom, out at the left edge), 90.0-98.5
#     (same) and 146.0-149.4 (backwards: in at the left edge, out at the bottom); track B's car 50.0-55.6 (in at the
#     bottom, out at the right edge) and 94.0-100.75 (backwards: in at the right edge, out at the bottom). Five
#     passes; two cars at once 94.0-98.5 (never more); no car 0-15.0, 21.75-50.0, 55.6-90.0, 100.75-146.0 (45.25 s,
#     the longest), 149.4 to the end; at least one car in view 26.5 s in all.
#   aisle-5fps-backtrack (132.4 s): two shoppers (man in a hat, woman in teal) 0-21.0; three 21.0-72.8 (the
#     blonde woman in brown comes in at the bottom right; still frame 29.2-64.2); two 72.8-106.0 (she backs out;
#     still frame 75.3-103.3); three 106.0 to the end (still frame from 112.3). Never empty, never more than three.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind15}"
aisle="$src/store-aisle-detection.mp4"         # 4.467 s, 15 fps, 480x270 (two shoppers in every frame, a third from 1.05 s)
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
[ -f "$font" ] || font="$(fc-match -f '%{file}' sans:bold 2>/dev/null || true)"
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p)   # intermediates

# seg IN FROM TO SPEED FPS OUT [PRE] [POST]: source seconds [FROM, TO) at SPEED (0.5 = half speed), resampled to
# FPS (frames dropped or repeated); PRE is applied before the speed change (",reverse" plays the part backwards),
# POST after it (",framerate=..." blends instead of repeating; a crop; a mirror).
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
# 1. till-flicker-repeat -> canteen-till: the table clip under a failing fluorescent tube (brightness wavering
#    at two beat rates, a dark dip on 2 of every 29 frames, a faint green cast), 10 fps, 768x432.
canteen() {
  still "$table" 21.3 "$tmp/c21.png"; still "$table" 89.5 "$tmp/t89.png"; still "$table" 121.5 "$tmp/t121.png"
  hold "$tmp/c21.png" 16 10 "$tmp/c1.mkv"                        #   0.00- 16.00 empty
  seg "$table" 72 89.5 1 10 "$tmp/c2.mkv"                         #  16.00- 33.50 P4
  seg "$table" 0 21.3 0.8 10 "$tmp/c3.mkv"                        #  33.50- 60.13 P1 slow
  seg "$table" 72 89.5 1 10 "$tmp/c4.mkv"                         #  60.13- 77.63 P4 again
  hold "$tmp/t89.png" 48 10 "$tmp/c5.mkv"                         #  77.63-125.63 empty
  seg "$table" 47 72 1.3 10 "$tmp/c6.mkv"                         # 125.63-144.86 P3 fast
  seg "$table" 89.5 121.5 1 10 "$tmp/c7.mkv"                      # 144.86-176.86 P5
  hold "$tmp/t121.png" 6 10 "$tmp/c8.mkv"                         # 176.86-182.86 empty
  join "$tmp/canteen.mkv" "$tmp"/c{1,2,3,4,5,6,7,8}.mkv
  ff -i "$tmp/canteen.mkv" -vf "eq=eval=frame:brightness='0.09*sin(2*PI*t*1.9)+0.06*sin(2*PI*t*4.7)-0.2*lt(mod(n\,29)\,2)':\
saturation=0.85,colorbalance=gs=0.05:gm=0.08:gh=0.03:rm=-0.04:bm=-0.02,setsar=1" "${enc[@]}" "$out/till-flicker-repeat.mp4"
}

# ---------------------------------------------------------------------------------------------------------
# 2. desk-vhs-knock -> hostel-front-desk: the table clip dubbed to VHS tape (soft, chroma smeared sideways,
#    over-saturated, moving luma noise, a bright tracking line near the bottom, "PLAY" at the top left), with a
#    grey privacy mask over the window; halfway through an empty hold the camera is knocked: from then on the
#    picture is turned 2 degrees and framed 680x382 at (44,36) (scaled back to 768x432), 10 fps.
hostel() {
  local knock="rotate=-2*PI/180,crop=680:382:44:36,scale=768:432"
  still "$table" 139.3 "$tmp/t139.png"; still "$table" 21.3 "$tmp/t21.png"
  seg "$table" 21.3 47 1 10 "$tmp/h1.mkv"                         #   0.00- 25.70 P2
  seg "$table" 121.5 139.3 0.75 10 "$tmp/h2.mkv"                  #  25.70- 49.43 P6 slow
  hold "$tmp/t139.png" 17 10 "$tmp/h3.mkv"                        #  49.43- 66.43 empty
  hold "$tmp/t139.png" 17 10 "$tmp/h4.mkv" ",$knock"              #  66.43- 83.43 empty, knocked
  seg "$table" 89.5 121.5 1 10 "$tmp/h5.mkv" ",reverse" ",$knock" #  83.43-115.43 P5 backwards
  seg "$table" 47 72 1.4 10 "$tmp/h6.mkv" "" ",$knock"            # 115.43-133.29 P3 fast
  seg "$table" 0 21.3 1.2 10 "$tmp/h7.mkv" "" ",$knock"           # 133.29-151.04 P1 fast
  hold "$tmp/t21.png" 10 10 "$tmp/h8.mkv" ",$knock"               # 151.04-161.04 empty
  join "$tmp/hostel.mkv" "$tmp"/h{1,2,3,4,5,6,7,8}.mkv
  ff -i "$tmp/hostel.mkv" -vf "drawbox=x=0:y=0:w=122:h=178:color=0x808080:t=fill,scale=384:216,\
scale=768:432:flags=bicubic,chromashift=cbh=5:crh=-4,eq=saturation=1.35:contrast=1.1,noise=c0s=18:c0f=t+u,\
drawbox=x=0:y=ih-30+6*sin(t*3):w=iw:h=5:color=white@0.35:t=fill,\
drawtext=fontfile=$font:text='PLAY':x=30:y=24:fontsize=22:fontcolor=white,setsar=1" \
    "${enc[@]}" -crf 26 "$out/desk-vhs-knock.mp4"
}

# ---------------------------------------------------------------------------------------------------------
# 3. rack-pumping-blend -> cider-cellar-rack: the bottle clip from a camera whose auto exposure hunts (brightness,
#    contrast and gamma swinging with a 9 s period), 25 fps, its slow parts frame-blended (framerate filter, so the
#    hand leaves soft double images instead of repeated frames).
cellar() {
  local blend=",framerate=fps=25"
  still "$shelf" 29.5 "$tmp/s29.png"; still "$shelf" 14.5 "$tmp/s14.png"
  hold "$tmp/s29.png" 10 25 "$tmp/r1.mkv"                         #   0.00- 10.00 3 bottles
  seg "$shelf" 29.5 39.5 0.5 12.5 "$tmp/r2.mkv" "" "$blend"      #  10.00- 30.00 part C at 0.5x, blended
  seg "$shelf" 14.5 29.5 1 25 "$tmp/r3.mkv"                       #  30.00- 45.00 part B
  hold "$tmp/s29.png" 25 25 "$tmp/r4.mkv"                         #  45.00- 70.00 3 bottles
  seg "$shelf" 3.0 14.5 1.5 25 "$tmp/r5.mkv"                      #  70.00- 77.67 part A at 1.5x
  seg "$shelf" 14.5 29.5 0.75 18.75 "$tmp/r6.mkv" ",reverse" "$blend" #  77.67- 97.67 part B backwards 0.75x
  hold "$tmp/s14.png" 12 25 "$tmp/r7.mkv"                         #  97.67-109.67 3 bottles
  join "$tmp/cellar.mkv" "$tmp"/r{1,2,3,4,5,6,7}.mkv
  ff -i "$tmp/cellar.mkv" -vf "eq=eval=frame:brightness='0.16*sin(2*PI*t/9)':contrast='1+0.15*sin(2*PI*t/9+1)':\
gamma='1-0.12*sin(2*PI*t/9)',setsar=1" "${enc[@]}" "$out/rack-pumping-blend.mp4"
}

# ---------------------------------------------------------------------------------------------------------
# 4. lot-moonlit-crossing -> campsite-car-park: the parking-lot clip at night (dark curves, a blue cast, little
#    colour, moving sensor noise), 12 fps; two tracks: A the lot as filmed (the car comes in at the bottom and
#    leaves at the left edge), B the lot mirrored (the car comes in at the bottom and leaves at the right edge);
#    B's car is cut out by its difference from the mirrored empty lot (right half only, below the walker's path)
#    and laid over A, so that once two cars are in the lot together.
campsite() {
  empty_lot "$tmp/lot0.png"; empty_lot "$tmp/lot0m.png" ",hflip"
  hold "$tmp/lot0.png" 15 12 "$tmp/la1.mkv"                       # A:   0.00- 15.00 empty
  seg "$lot" 0 3.417 0.5 12 "$tmp/la2.mkv"                        #     15.00- 21.83 car 0.5x
  hold "$tmp/lot0.png" 68.167 12 "$tmp/la3.mkv"                   #     21.83- 90.00 empty
  seg "$lot" 0 3.417 0.4 12 "$tmp/la4.mkv"                        #     90.00- 98.54 car 0.4x
  hold "$tmp/lot0.png" 47.458 12 "$tmp/la5.mkv"                   #     98.54-146.00 empty
  seg "$lot" 0 3.417 1 12 "$tmp/la6.mkv" ",reverse"               #    146.00-149.42 car backwards 1x
  hold "$tmp/lot0.png" 12.583 12 "$tmp/la7.mkv"                   #    149.42-162.00 empty
  join "$tmp/lotA.mkv" "$tmp"/la{1,2,3,4,5,6,7}.mkv
  hold "$tmp/lot0m.png" 50 12 "$tmp/lb1.mkv"                      # B:   0.00- 50.00 empty
  seg "$lot" 0 3.417 0.6 12 "$tmp/lb2.mkv" ",hflip"               #     50.00- 55.69 car 0.6x, mirrored
  hold "$tmp/lot0m.png" 38.306 12 "$tmp/lb3.mkv"                  #     55.69- 94.00 empty
  seg "$lot" 0 3.417 0.5 12 "$tmp/lb4.mkv" ",hflip,reverse"       #     94.00-100.83 car 0.5x mirrored backwards
  hold "$tmp/lot0m.png" 61.167 12 "$tmp/lb5.mkv"                  #    100.83-162.00 empty
  join "$tmp/lotB.mkv" "$tmp"/lb{1,2,3,4,5}.mkv
  ff -i "$tmp/lotA.mkv" -i "$tmp/lotB.mkv" -loop 1 -framerate 12 -i "$tmp/lot0m.png" -filter_complex \
    "[1:v]format=gbrp,split[b1][b2];[2:v]format=gbrp[e];[b1][e]blend=all_mode=difference:shortest=1,format=gray,\
lut=y='if(gt(val\,26)\,255\,0)',erosion,dilation,dilation,dilation,dilation,\
drawbox=x=0:y=0:w=240:h=ih:color=black:t=fill,drawbox=x=0:y=0:w=iw:h=40:color=black:t=fill,format=gbrp[m];\
[0:v]format=gbrp[a];[a][b2][m]maskedmerge,format=yuv420p,curves=all='0/0 0.5/0.2 1/0.58',\
colorbalance=bs=0.12:bm=0.08:rs=-0.04,hue=s=0.45,noise=alls=12:allf=t+u,fps=12,setsar=1[v]" \
    -map "[v]" "${enc[@]}" -crf 26 "$out/lot-moonlit-crossing.mp4"
}

# ---------------------------------------------------------------------------------------------------------
# 5. aisle-5fps-backtrack -> homeware-aisle: the crockery-aisle clip (never used before) from a 5 fps camera, slowed
#    to make a browsing scene: the first frame held, the clip at 0.4x (the third shopper comes in at the bottom
#    right), the last frame held, the clip backwards at 0.4x (she backs out), the first frame held, the clip at
#    0.5x (she comes in again), the last frame held; a warm, slightly faded store grade.
homeware() {
  still "$aisle" 0 "$tmp/w0.png"; still "$aisle" 4.4 "$tmp/w4.png"
  hold "$tmp/w0.png" 18 5 "$tmp/w1.mkv"                           #   0.00- 18.00 two shoppers
  seg "$aisle" 0 4.467 0.4 5 "$tmp/w2.mkv"                        #  18.00- 29.17 forwards 0.4x
  hold "$tmp/w4.png" 35 5 "$tmp/w3.mkv"                           #  29.17- 64.17 three shoppers
  seg "$aisle" 0 4.467 0.4 5 "$tmp/w4.mkv" ",reverse"             #  64.17- 75.33 backwards 0.4x
  hold "$tmp/w0.png" 28 5 "$tmp/w5.mkv"                           #  75.33-103.33 two shoppers
  seg "$aisle" 0 4.467 0.5 5 "$tmp/w6.mkv"                        # 103.33-112.27 forwards 0.5x
  hold "$tmp/w4.png" 20 5 "$tmp/w7.mkv"                           # 112.27-132.27 three shoppers
  join "$tmp/aisle.mkv" "$tmp"/w{1,2,3,4,5,6,7}.mkv
  ff -i "$tmp/aisle.mkv" -vf "colortemperature=temperature=4200:mix=0.6,eq=contrast=0.9:brightness=0.03:saturation=0.8,\
setsar=1" -r 5 "${enc[@]}" "$out/aisle-5fps-backtrack.mp4"
}

# The five recordings, two at a time (2 cores).
canteen & p1=$!
hostel & p2=$!
wait "$p1"; wait "$p2"
cellar & p1=$!
campsite & p2=$!
wait "$p1"; wait "$p2"
homeware
finish
