#!/usr/bin/env bash
# Makes the recordings of the eighteenth blind set (bench/blind/set-2026-12-06r.json) from the shared clips.
# Usage: bench/blind/make-recordings-18.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind18)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md; the
# README is copied beside the recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR;
# ONLY=rec_NAME remakes a single recording.
# Recipes differ from make-recordings{,-2,...,-17}.sh:
#   cloakroom-tungsten-fades: the table clip under warm tungsten light (colortemperature 3300 K, a little more
#     colour, gamma 0.95) through a pincushion lens (lenscorrection k1 -0.12, k2 -0.03: the picture stretched
#     towards the corners, its edges pushed out of frame), 10 fps, its parts joined by fades through black (0.6 s
#     out, 0.6 s in at every join, all while the table is empty): a 12 s empty hold, P4, P1 at 0.85x, P6, a 35 s
#     empty hold, P3, P1 again at 1.3x, a 6 s hold.
#   ward-ticker-mirror: the table clip mirrored left-right (people come in at the bottom and leave at the left edge)
#     in a pale clinical grade (less colour, lifted, a faint cyan balance), frame-doubled to 25 fps, with a broadcast
#     style overlay: a translucent black band along the bottom (44 px, 55 %) with a scrolling text ticker and a
#     fixed "CAM 07 / WARD 4 BAY B" caption at the top right; parts: a 20 s empty hold, P2 at 0.7x, P5, a 50 s
#     empty hold, P6, P2 again, P4 at 0.8x, a 10 s hold.
#   cabinet-bleach-glass: the bottle clip seen through a glass cabinet door (a fixed soft diagonal reflection
#     streak screened over the picture) in a bleach-bypass grade (saturation 0.45, contrast 1.35), 12 fps, with a
#     freeze of the two-bottle moment: 3 bottles held 8 s, part C (29.5-39.5) at 0.8x, a 20 s hold, part A up to
#     9.0 (the left bottle taken), the frame at 9.0 held 25 s (left bottle away, no hand), the rest of part A (the
#     left bottle back), a 15 s hold, part B (14.5-29.5) at 1.25x, a 10 s hold, part C at 1x, a 6 s hold.
#   quay-fence-overlay: the parking-lot clip filmed through a chain-link fence (a fixed diagonal mesh of dark 2 px
#     wires, pitch 34 px, laid over the picture at 70 %) in a hazy, slightly warm afternoon grade, frame rate
#     converted to 15 fps; five passes of the car between stills of the empty lot (recipes.sh empty_lot): 0.35x,
#     backwards 0.7x, 1x, backwards 0.5x, 2x (fast); empty gaps of 22/41/12/66/18/25 s.
#   workshop-sunlit-return: the factory-floor clip (worker-zone-detection.mp4) mirrored left-right, scaled to
#     960x540, 20 fps, in a high-key "sunlit" grade with a soft bright haze falling from the top left corner; the
#     worker's appearances between stills of the empty floor: walking away at 0.4x, walking away and straight back
#     towards the camera (0.5x forwards then 0.5x backwards: one visit, he leaves at the bottom edge), walking
#     towards the camera (backwards at 0.3x), walking away at 1x with an 18 s stop in the middle (frame 35 held).
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate, joined with the concat filter
# and given the recording's look in one final encode (recipes.sh: libx264 veryfast crf 20, yuv420p; x264 threads fixed
# at 2 so that the bytes do not depend on the number of cores). Two lanes run at once: 2.3 to 3 minutes on this 2-core
# machine (ffmpeg 5.1.9, Debian 12); run twice here, the outputs were byte-identical.
# Source timelines (test/fixtures/truth.ts, refined in make-recordings-7.sh..-17.sh): in-view intervals of the table
# clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8]
# [123.5, 136.0]; the table is empty at the cut and hold points used here (2.0 = the still of the empty table, 3,
# 21.3, 47, 72, 89.5, 121.5, 139.3). People walk in at the bottom (close to the camera) and leave at the right edge.
# Bottles on the bench (left, middle, right; clear plastic, blue caps; the hand in a dark red sleeve): 3 until the
# left one is taken at 6.7, back at 11.5; the left and middle ones taken together at 17.3; the middle one back at
# 22.3, the left one back at 27.6; the right one taken at 31.5, back at 35.5; 3 to the end (39.855); no hand in view
# at 3.0, 9.0, 14.5, 29.5, 39.5 (the cut and hold points). The parking-lot clip (3.417 s, 41 frames at 12 fps) has
# the silver car in view in every frame (in at the bottom, out at the left edge; a walker and a cyclist cross the far
# side during each pass, the set asks nothing about them); the stills of the empty lot show no car. The factory-floor
# clip (4.733 s, 71 frames at 15 fps) has one worker (yellow hard hat, orange safety vest, blue jeans) in every frame,
# from the bottom edge (frame 0) walking away to the left-middle of the floor (frame 70); the still of the empty floor
# is frame 70 with his area (84x184 at (76,36)) taken from frame 0.
# Every output was checked after it was made: per-frame difference from the empty scene (gray, downscaled, pixels
# differing by more than 30 levels; the ward's ticker band masked out), frame sheets with timestamps (ffmpeg trim + fps +
# drawtext of the pts + tile: 1 fps overviews, 4-5 fps strips around the changes, every bottle event read on a 4 fps
# strip): the times below are the ones read there (to within 0.3 s; a person or car counts from the first frame with
# any part in view to the last; a bottle is gone once lifted off, back once set down).
# Cameras and start times in the set (clock time = start + recording seconds, UTC; "right now" is the end of the
# recording and relative windows such as "the last minute" are measured back from it):
#   cloakroom-tungsten-fades -> museum-cloakroom 2027-06-02T09:58:20Z (10:00:00 falls at 100 s); ward-ticker-mirror ->
#   ward-4-bay-b 2027-06-08T14:21:45Z; cabinet-bleach-glass -> dispensary-cabinet 2027-06-13T07:44:10Z;
#   quay-fence-overlay -> ferry-quay-apron 2027-06-19T20:12:35Z; workshop-sunlit-return -> boatyard-workshop
#   2027-06-25T11:36:50Z.
# Truth in recording seconds (read on the outputs):
#   cloakroom-tungsten-fades (148.9 s; fades through black at 11.5-12.5, 29.1-30.1, 50.6-51.6, 68.3-69.4, 103.3-104.4,
#     128.4-129.4, 142.5-143.5): empty 0-14.5; P4 14.5-26.9, P1 33.0-49.1, P6 53.0-65.5; empty 65.5-107.0 (41.5 s, the
#     longest); P3 107.0-126.4 (the pincushion lens pushes the bottom edge out, so she shows a little late), P1 again
#     131.1-141.6; empty to the end. One person at a time; 5 visits by 4 people; stays 12.4, 16.1, 12.5, 19.4, 10.5
#     (70.9 s in all).
#   ward-ticker-mirror (214.12 s): empty 0-22.2; P2 22.2-54.0, P5 59.4-87.3; empty 87.3-140.8 (53.5 s, the longest); P6
#     140.8-153.6, P2 again 158.0-180.4, P4 185.5-200.9; empty to the end. One person at a time; 5 visits by 4 people;
#     stays 31.8, 27.9, 12.8, 22.4, 15.4 (110.3 s in all).
#   cabinet-bleach-glass (129.92 s; left, middle, right as on screen): 3 bottles; right taken 10.9, back 15.6; left taken
#     44.4, back 74.5 (away 30.1 s, the frozen stretch 46.5-71.5 shows no hand); left and middle taken together 94.4 (one
#     left), middle back 98.7, left back 102.6; right taken 116.3, back 120.1; 3 to the end. 5 bottles taken (4 takes),
#     5 put back; fewer than 3 for 46.8 s; the longest full stretch 15.6-44.4 (28.8 s).
#   quay-fence-overlay (210.53 s): the car is in view 22.0-31.7, 72.7-77.6 (backwards: in at the left edge, out at the
#     bottom), 89.6-93.0, 159.0-165.9 (backwards) and 183.9-185.6 (fast); no car at other times (gaps 22.0, 41.0, 12.0,
#     66.0 = the longest, 18.0, 24.9); a car in view 26.6 s in all, never two.
#   workshop-sunlit-return (191.25 s): empty 0-15.0; worker 15.0-26.85 (walking away, gone on the far floor); empty
#     26.85-56.85; worker 56.85-75.75 (away and back, out at the bottom); empty 75.75-95.75; worker 95.75-111.55 (towards
#     the camera, out at the bottom); empty 111.55-156.55 (45.0 s, the longest); worker 156.55-179.3 (standing still
#     158.85-176.85); empty to the end. 4 appearances of one man, never two at once; somebody in view 69.3 s in all.
# Clothes (test/fixtures/appearance.ts, checked on frames of these outputs): P1 long grey cardigan (grey skirt, dark
# leggings, long fair hair), P2 black jacket + dark jeans (a man), P3 black top + black trousers (long blonde hair), P4
# black T-shirt + black trousers, P5 grey cardigan + dark navy jeans (long dark hair), P6 light grey shirt + blue jeans
# (short hair, a man); the lot's car is silver (pale grey behind the mesh); the worker wears a yellow hard hat, an
# orange safety vest and jeans.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind18}"
worker="$src/worker-zone-detection.mp4"         # 4.733 s, 15 fps, 480x270
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p -threads 2)
final=("${enc[@]}" -threads 2)

# still SRC SECONDS PNG: one frame of SRC (the frame shown at SECONDS) as a PNG.
still() { ff -ss "$2" -i "$1" -frames:v 1 "$3"; }
# hold PNG SECONDS FPS OUT [FILTER]: the still for SECONDS at FPS.
hold() {
  local n; n=$(python3 -c "print(round($2*$3))")
  ff -loop 1 -framerate "$3" -i "$1" -vf "format=yuv420p${5:+,$5}" -frames:v "$n" "${lossless[@]}" "$4"
}
# cut SRC START END SPEED f|r FPS OUT [FILTER]: source seconds START..END at SPEED (forwards or backwards) at FPS.
cut() {
  local rev=""; [ "$5" = r ] && rev="reverse,"
  ff -i "$1" -vf "trim=start=$2:end=$3,setpts=PTS-STARTPTS,${rev}setpts=(PTS-STARTPTS)/$4,fps=$6,format=yuv420p${8:+,$8}" \
    "${lossless[@]}" "$7"
}
# fades LEN: a 0.6 s fade in from black and a 0.6 s fade out to black for a part of LEN seconds.
fades() { python3 -c "print('fade=t=in:st=0:d=0.6,fade=t=out:st=%.3f:d=0.6' % ($1-0.6))"; }
# join OUT LOOK FPS PART...: the parts joined (concat filter), the look applied, one final encode.
join() {
  local o=$1 look=$2 fps=$3; shift 3
  local args=() chain="" i=0
  for p in "$@"; do args+=(-i "$p"); chain+="[$i:v]"; i=$((i + 1)); done
  ff "${args[@]}" -filter_complex "${chain}concat=n=$i:v=1:a=0,$look,fps=$fps,format=yuv420p[v]" -map "[v]" \
    "${final[@]}" "$o"
}

rec_cloakroom() {  # table, 10 fps
  local d="$tmp/cloak"; mkdir -p "$d"; still "$table" 2.0 "$d/empty.png"
  hold "$d/empty.png" 12 10 "$d/01.mp4" "fade=t=out:st=11.4:d=0.6"
  cut "$table" 72 89.5 1 f 10 "$d/02.mp4" "$(fades 17.5)"          # P4
  cut "$table" 3 21.3 0.85 f 10 "$d/03.mp4" "$(fades 21.5)"        # P1 (215 frames)
  cut "$table" 121.5 139.3 1 f 10 "$d/04.mp4" "$(fades 17.8)"      # P6
  hold "$d/empty.png" 35 10 "$d/05.mp4" "$(fades 35)"
  cut "$table" 47 72 1 f 10 "$d/06.mp4" "$(fades 25)"              # P3
  cut "$table" 3 21.3 1.3 f 10 "$d/07.mp4" "$(fades 14.1)"         # P1 again (141 frames)
  hold "$d/empty.png" 6 10 "$d/08.mp4" "fade=t=in:st=0:d=0.6"
  join "$out/cloakroom-tungsten-fades.mp4" \
    "colortemperature=temperature=3300:mix=0.85,eq=saturation=1.15:gamma=0.95,lenscorrection=k1=-0.12:k2=-0.03" 10 \
    "$d"/0[1-8].mp4
}

rec_ward() {  # table mirrored, 25 fps
  local d="$tmp/ward"; mkdir -p "$d"; still "$table" 2.0 "$d/empty.png"
  hold "$d/empty.png" 20 25 "$d/01.mp4"
  cut "$table" 21.3 47 0.7 f 25 "$d/02.mp4"        # P2
  cut "$table" 89.5 121.5 1 f 25 "$d/03.mp4"       # P5
  hold "$d/empty.png" 50 25 "$d/04.mp4"
  cut "$table" 121.5 139.3 1 f 25 "$d/05.mp4"      # P6
  cut "$table" 21.3 47 1 f 25 "$d/06.mp4"          # P2 again
  cut "$table" 72 89.5 0.8 f 25 "$d/07.mp4"        # P4
  hold "$d/empty.png" 10 25 "$d/08.mp4"
  local tick="PLEASE CLEAN YOUR HANDS ON ENTRY AND EXIT  +++  QUIET PLEASE  +++  WARD 4 BAY B  +++  MEALS SERVED IN THE DAY ROOM  +++  "
  join "$out/ward-ticker-mirror.mp4" \
    "hflip,eq=saturation=0.7:brightness=0.04:contrast=0.92,colorbalance=rs=-0.05:bs=0.05:rm=-0.04:bm=0.03,\
drawbox=x=0:y=ih-44:w=iw:h=44:color=black@0.55:t=fill,\
drawtext=fontfile=$font:text='$tick':fontsize=22:fontcolor=white:y=h-33:x=w-mod(t*70\,w+tw),\
drawtext=fontfile=$font:text='CAM 07 / WARD 4 BAY B':fontsize=18:fontcolor=white@0.85:x=w-tw-12:y=10:box=1:boxcolor=black@0.4:boxborderw=4" \
    25 "$d"/0[1-8].mp4
}

rec_cabinet() {  # bottles, 12 fps
  local d="$tmp/cab"; mkdir -p "$d"
  for t in 3.0 9.0 14.5 29.5 39.5; do still "$shelf" "$t" "$d/f$t.png"; done
  # the reflection on the cabinet door: a soft white diagonal streak, alpha up to 0.22
  ff -f lavfi -i "color=c=white:s=640x360,format=rgba" -vf \
    "geq=r=255:g=255:b=255:a='0.22*255*exp(-pow((X+0.8*Y-420)/55\,2))+0.10*255*exp(-pow((X+0.8*Y-560)/25\,2))'" \
    -frames:v 1 "$d/glass.png"
  hold "$d/f3.0.png" 8 12 "$d/01.mp4"
  cut "$shelf" 29.5 39.5 0.8 f 12 "$d/02.mp4"      # right bottle taken and back
  hold "$d/f39.5.png" 20 12 "$d/03.mp4"
  cut "$shelf" 3.0 9.0 1 f 12 "$d/04.mp4"          # left bottle taken
  hold "$d/f9.0.png" 25 12 "$d/05.mp4"             # ... and away
  cut "$shelf" 9.0 14.5 1 f 12 "$d/06.mp4"         # left bottle back
  hold "$d/f14.5.png" 15 12 "$d/07.mp4"
  cut "$shelf" 14.5 29.5 1.25 f 12 "$d/08.mp4"     # left+middle taken, middle back, left back
  hold "$d/f29.5.png" 10 12 "$d/09.mp4"
  cut "$shelf" 29.5 39.5 1 f 12 "$d/10.mp4"        # right bottle taken and back
  hold "$d/f39.5.png" 6 12 "$d/11.mp4"
  local args=() chain="" i=0
  for p in "$d"/0[1-9].mp4 "$d"/1[01].mp4; do args+=(-i "$p"); chain+="[$i:v]"; i=$((i + 1)); done
  ff "${args[@]}" -loop 1 -i "$d/glass.png" -filter_complex \
    "${chain}concat=n=$i:v=1:a=0,eq=saturation=0.45:contrast=1.35:gamma=0.9[b];[$i:v]format=rgba[g];\
[b][g]overlay=0:0:shortest=1,fps=12,format=yuv420p[v]" -map "[v]" "${final[@]}" "$out/cabinet-bleach-glass.mp4"
}

rec_quay() {  # parking lot, 15 fps
  local d="$tmp/quay"; mkdir -p "$d"; empty_lot "$d/empty.png"
  ff -f lavfi -i "color=c=black:s=480x270,format=rgba" -vf \
    "geq=r=40:g=42:b=38:a='if(lt(mod(X+Y\,34)\,2)+lt(mod(X-Y+340\,34)\,2)\,178\,0)'" -frames:v 1 "$d/fence.png"
  hold "$d/empty.png" 22 15 "$d/01.mp4"
  cut "$lot" 0 3.417 0.35 f 15 "$d/02.mp4"
  hold "$d/empty.png" 41 15 "$d/03.mp4"
  cut "$lot" 0 3.417 0.7 r 15 "$d/04.mp4"
  hold "$d/empty.png" 12 15 "$d/05.mp4"
  cut "$lot" 0 3.417 1 f 15 "$d/06.mp4"
  hold "$d/empty.png" 66 15 "$d/07.mp4"
  cut "$lot" 0 3.417 0.5 r 15 "$d/08.mp4"
  hold "$d/empty.png" 18 15 "$d/09.mp4"
  cut "$lot" 0 3.417 2 f 15 "$d/10.mp4"
  hold "$d/empty.png" 25 15 "$d/11.mp4"
  local args=() chain="" i=0
  for p in "$d"/0[1-9].mp4 "$d"/1[01].mp4; do args+=(-i "$p"); chain+="[$i:v]"; i=$((i + 1)); done
  ff "${args[@]}" -loop 1 -i "$d/fence.png" -filter_complex \
    "${chain}concat=n=$i:v=1:a=0,eq=contrast=0.88:brightness=0.04:saturation=1.05,colortemperature=temperature=5600:mix=0.5[b];\
[$i:v]format=rgba[g];[b][g]overlay=0:0:shortest=1,fps=15,format=yuv420p[v]" -map "[v]" "${final[@]}" "$out/quay-fence-overlay.mp4"
}

rec_workshop() {  # factory floor, 20 fps
  local d="$tmp/shop"; mkdir -p "$d"
  ff -i "$worker" -filter_complex \
    "[0:v]split=2[a][b];[a]select='eq(n\,70)',setpts=0[f70];[b]select='eq(n\,0)',crop=84:184:76:36,setpts=0[p];\
[f70][p]overlay=76:36:eof_action=repeat" -frames:v 1 "$d/empty.png"
  ff -i "$worker" -vf "select='eq(n\,35)'" -frames:v 1 "$d/f35.png"
  # the haze: a soft warm-white glow from the top left corner, alpha up to 0.59
  ff -f lavfi -i "color=c=white:s=960x540,format=rgba" -vf \
    "geq=r=255:g=250:b=225:a='150*exp(-(X*X+Y*Y)/(2*330*330))'" -frames:v 1 "$d/haze.png"
  hold "$d/empty.png" 15 20 "$d/01.mp4"
  cut "$worker" 0 4.734 0.4 f 20 "$d/02.mp4"       # walks away
  hold "$d/empty.png" 30 20 "$d/03.mp4"
  cut "$worker" 0 4.734 0.5 f 20 "$d/04.mp4"       # walks away ...
  cut "$worker" 0 4.734 0.5 r 20 "$d/05.mp4"       # ... and straight back, out at the bottom
  hold "$d/empty.png" 20 20 "$d/06.mp4"
  cut "$worker" 0 4.734 0.3 r 20 "$d/07.mp4"       # walks towards the camera
  hold "$d/empty.png" 45 20 "$d/08.mp4"
  cut "$worker" 0 2.3 1 f 20 "$d/09.mp4"           # walks away, frames 0-34
  hold "$d/f35.png" 18 20 "$d/10.mp4"              # stands still (frame 35)
  cut "$worker" 2.3 4.734 1 f 20 "$d/11.mp4"       # walks on, frames 35-70
  hold "$d/empty.png" 12 20 "$d/12.mp4"
  local args=() chain="" i=0
  for p in "$d"/0[1-9].mp4 "$d"/1[0-2].mp4; do args+=(-i "$p"); chain+="[$i:v]"; i=$((i + 1)); done
  ff "${args[@]}" -loop 1 -i "$d/haze.png" -filter_complex \
    "${chain}concat=n=$i:v=1:a=0,hflip,scale=960:540:flags=bicubic,eq=brightness=0.07:contrast=1.08:saturation=1.2:gamma=1.1[b];\
[$i:v]format=rgba[g];[b][g]overlay=0:0:shortest=1,fps=20,format=yuv420p[v]" -map "[v]" "${final[@]}" "$out/workshop-sunlit-return.mp4"
}

if [ -n "${ONLY:-}" ]; then "$ONLY"; finish; exit 0; fi
# two lanes: the two long table recordings in one, the other three in the other
( rec_ward; rec_cloakroom ) &
lane=$!
rec_quay; rec_cabinet; rec_workshop
wait "$lane"
finish
