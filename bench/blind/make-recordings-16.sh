#!/usr/bin/env bash
# Makes the recordings of the sixteenth blind set (bench/blind/set-2026-12-04p.json) from the shared clips.
# Usage: bench/blind/make-recordings-16.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind16)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md; the
# README is copied beside the recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,...,-15}.sh: the table clip filmed from late afternoon into the night (the
# picture dims and turns blue from 60 s to 141 s, per-frame eq, then the camera drops into its infrared night mode:
# grey, harder contrast, moving noise, a vignette; the switch falls in an empty hold), its visits as: a 10 s empty
# hold, P2, P6 at 0.8x, a 50 s hold, P3 at 1.2x, a 25 s hold (the switch), P4, P2 again at 1.5x, P5, an 8 s hold;
# the factory-floor clip (worker-zone-detection.mp4) shown with the wrong aspect ratio (480x270 stretched to 480x360,
# people tall and thin) in a cool tint, the worker's passes between stills of the empty floor (frame 70 with his
# area, 84x184 at (76,36), taken from frame 0): walking away at 0.5x, walking towards the camera (backwards at 0.4x),
# walking away at 0.4x and then standing still 14 s, walking away at 0.25x; during the third pass a second worker
# (the clip mirrored left-right, only the worker keyed out by his difference from the mirrored empty floor, cleaned
# with erosion/dilation) walks in 6.8 s later and then stands still until 95 s, so two are on the floor at once; the
# bottle clip from a cheap webcam at 24 fps (colours posterized to 7 levels a channel, a soft dark hum bar rolling
# down the picture every 11.25 s), its parts as: 3 bottles held 5 s, part B (14.5-29.5) at 0.7x, an 18 s hold, part
# C (29.5-39.5) backwards at 1.25x (the right bottle is taken and put back), part A (3.0-14.5) with a speed ramp
# (0.5x at its start rising to 2x at its end), a 40 s hold, part B backwards at 1.5x (the left and middle bottles
# are taken one at a time and come back together), an 8 s hold; the parking-lot clip as a wide 960x270 "panorama"
# of two copies side by side (left as filmed, right mirrored: its car leaves at the right edge), each half with its
# own passes between stills of the empty lot, graded from night (dark, blue, grainy) at the start to daylight from
# 140 s on (a per-pixel blend weighted by time): left 1x, 0.5x, backwards 0.4x; right 0.6x, 1x, 0.5x, 0.45x, so two
# cars are in the lot at once twice; the crockery-aisle clip (store-aisle-detection.mp4, used once before) on an
# old CRT monitor (640x360, dark scan lines every 3 rows, soft, a vignette, more contrast and colour) at 15 fps,
# slowed into a browsing scene with "boomerang" loops (a part forwards then backwards, again and again): the two
# shoppers idle (0-0.93 at 0.5x, four loops), the third comes in (0-2.4 at 0.4x), the three idle (2.4-4.467 at 0.5x,
# three loops), she backs out (2.4-0 at 0.4x), the two idle (five loops), she comes in again at 1x (0-4.467), the
# three idle (4.467-2.4-4.467 at 0.5x, two loops), the last frame held 12 s.
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate, joined with the concat filter
# and given the recording's look in one final encode (recipes.sh: libx264 veryfast crf 20, yuv420p; crf 26 for the
# noisy florist-dusk-ir). Two recordings are made at a time: 3 to 4 minutes on this 2-core machine (ffmpeg 5.1.9,
# Debian 12; the lot's time-weighted blend is the slow part); run twice here, the outputs were byte-identical.
# Source timelines (test/fixtures/truth.ts, refined in make-recordings-7.sh..-15.sh): in-view intervals of the table
# clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8]
# [123.5, 136.0]; the table is empty at the cut and hold points used below (0, 21.3, 47, 72, 89.5, 121.5, 139.3).
# People walk in at the bottom (close to the camera) and leave at the right edge. Bottles on the bench (left,
# middle, right): 3 until the left one is taken at 6.7, back at 11.5; the left and middle ones taken together at
# 17.3; the middle one back at 22.3, the left one back at 27.6; the right one taken at 31.5, back at 35.5; 3 to the
# end (39.855); no hand in view at 3.0, 14.5, 29.5, 39.5 (the cut and hold points). The parking-lot clip (3.417 s,
# 41 frames at 12 fps) has the silver car in view in every frame (in at the bottom, out at the left edge; a walker
# and a cyclist cross the far side during each pass, the set asks nothing about them); the stills of the empty lot
# (recipes.sh empty_lot) show no car. The factory-floor clip (4.733 s, 71 frames at 15 fps) has one worker (yellow
# hard hat, orange safety vest, blue jeans) in every frame, from the bottom edge (frame 0) walking away to the
# left-middle of the floor (frame 70); the camera settles slightly in the first frames (hence the cleaned key). The
# crockery-aisle clip (4.467 s, 67 frames at 15 fps): a man in an olive jacket and a hat and a woman in a teal top
# (dark ponytail) stand at the right-hand shelves in every frame; a third shopper (blonde, brown jacket) comes in at
# the bottom right from 1.05 s (a blurred sliver, her head clearly from 1.3 s) and stays to the end.
# Every output was checked after it was made on frame sheets with timestamps (ffmpeg trim + fps + drawtext of the
# pts + tile: 0.5-2 fps overviews, 5-6 fps strips 1-1.5 s either side of each change, single frames at every moment
# a question asks about): the times below are the ones read there (to within 0.2 s; a person or car counts from the
# first frame with any part in view to the last; a bottle is gone once lifted off, back once set down).
# Cameras and start times in the set (clock time = start + recording seconds, UTC; relative windows such as "the
# last 30 seconds" are measured back from start + duration):
#   florist-dusk-ir -> florist-counter 2027-04-03T17:32:40Z; floor-anamorphic-pair -> assembly-hall-floor
#   2027-04-09T05:47:15Z; bench-posterized-humbar -> gym-water-station 2027-04-14T12:06:50Z; lot-dawn-panorama ->
#   park-and-ride 2027-04-20T05:12:30Z; aisle-crt-boomerang -> crockery-aisle 2027-04-26T15:38:05Z.
# Truth in recording seconds (read on the sheets):
#   florist-dusk-ir (228.4 s): empty 0-11.5; P2 11.5-33.6, P6 38.1-53.8; empty 53.8-110.9 (57.1 s, the longest);
#     P3 110.9-126.9; empty 126.9-156.3 (night mode from 141.0); P4 156.3-168.7, P2 again 172.3-187.1, P5
#     190.9-218.8; empty to the end. One person at a time; 6 visits by 5 people; stays 22.1, 15.7, 16.0, 12.4, 14.8,
#     27.9 (108.9 s in all).
#   floor-anamorphic-pair (152.13 s): empty 0-12.0; worker 12.0-21.5 (walking away); empty 21.5-41.5; worker
#     41.5-53.1 (walking towards the camera, out at the bottom); empty 53.1-61.1; worker 61.1-87.1 (walks away to the
#     left-middle, stands still from about 73 s); the mirrored worker 67.9-95.1 (walks away to the right-middle,
#     stands still from about 79.7 s); empty 95.1-123.1 (28.0 s, the longest); worker 123.1-142.1 (slow); empty to
#     the end. 5 appearances; two at once 67.9-87.1 (19.2 s), never more; somebody in view 74.1 s in all; everybody
#     wears a hard hat and an orange vest.
#   bench-posterized-humbar (121.08 s; left, middle, right as on screen): 3 bottles; left and middle taken together
#     9.2 (one left); middle back 16.3, left back 23.9; right taken 47.6, back 50.5; left taken 57.7, back 61.5;
#     left taken 104.3, middle taken 107.6 (one left); both back together 110.9; 3 to the end. 6 bottles taken (5
#     takes) and 6 put back (5 put-backs); fewer than 3 for 28.0 s; the longest full stretch 61.5-104.3 (42.8 s).
#   lot-dawn-panorama (176.0 s): left half's car 12.0-15.25, 50.0-56.7, 110.0-118.6 (backwards: in at the left edge,
#     out at the bottom); right half's car 30.0-35.6, 53.0-56.3, 111.8-118.6, 150.0-157.4 (in at the bottom right,
#     out at the right edge). Seven passes; two cars at once 53.0-56.3 and 111.8-118.6 (never more); no car 0-12.0,
#     15.25-30.0, 35.6-50.0, 56.7-110.0 (53.3 s, the longest), 118.6-150.0, 157.4 to the end; at least one car 31.6 s
#     in all.
#   aisle-crt-boomerang (103.4 s): two shoppers (man in a hat, woman in teal) 0-17.9; three 17.9-48.3 (the blonde
#     woman in brown comes in at the bottom right); two 48.3-71.7 (she backs out); three 71.7 to the end. Never
#     empty, never more than three; three at once 62.1 s in all.
# Clothes (test/fixtures/appearance.ts; the night-mode part of florist-dusk-ir is grey): P1 long grey cardigan (grey
# skirt, dark leggings), P2 black jacket + dark jeans, P3 black top + black trousers (long blonde hair), P4 black
# T-shirt + black trousers, P5 grey cardigan + dark navy jeans (long dark hair), P6 light grey shirt + blue jeans
# (short hair, a man); the lot's car is silver.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind16}"
floor="$src/worker-zone-detection.mp4"          # 4.733 s, 15 fps, 480x270 (one worker in every frame)
aisle="$src/store-aisle-detection.mp4"          # 4.467 s, 15 fps, 480x270 (two shoppers always, a third from 1.05 s)
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p)   # intermediates

# play IN FROM TO SPEED FPS OUT [AFTER]: source seconds [FROM, TO) at SPEED (0.5 = half speed), resampled to FPS
# (frames repeated or dropped), then the filters AFTER (e.g. "reverse": the part backwards).
play() {
  ff -i "$1" -vf "trim=start=$2:end=$3,setpts=(PTS-STARTPTS)/$4,fps=$5${7:+,$7},format=yuv420p" "${lossless[@]}" "$6"
}
# freeze IN SECOND DURATION FPS OUT: the first frame of IN at or after SECOND, held DURATION seconds.
freeze() {
  ff -i "$1" -vf "trim=start=$2,setpts=PTS-STARTPTS,trim=end_frame=1,tpad=stop_mode=clone:stop_duration=$3,fps=$4,\
format=yuv420p" -t "$3" "${lossless[@]}" "$5"
}
# pic PNG DURATION FPS OUT: a still picture held DURATION seconds.
pic() { ff -loop 1 -framerate "$3" -i "$1" -vf "format=yuv420p" -t "$2" "${lossless[@]}" "$4"; }
# chain OUT PARTS...: the parts one after the other (concat filter), still lossless.
chain() {
  local o="$1" ins=() n=0; shift
  for p in "$@"; do ins+=(-i "$p"); n=$((n + 1)); done
  ff "${ins[@]}" -filter_complex "concat=n=$n:v=1:a=0,format=yuv420p" "${lossless[@]}" "$o"
}

# ---------------------------------------------------------------------------------------------------------------
# 1. florist-dusk-ir -> florist-counter: the table clip, 10 fps, 768x432, from late afternoon into the night: the
#    picture dims and turns bluer from 60 s to 141 s (eq, per frame), then the camera switches to its infrared
#    night mode (grey picture, harder contrast, moving noise, a vignette) in the middle of an empty hold.
florist() {
  local d="$tmp/f"; mkdir -p "$d"
  freeze "$table" 0 10 10 "$d/1.mkv"                   # empty
  play "$table" 21.3 47 1 10 "$d/2.mkv"                # P2
  play "$table" 121.5 139.3 0.8 10 "$d/3.mkv"          # P6 slow
  freeze "$table" 89.5 50 10 "$d/4.mkv"                # empty
  play "$table" 47 72 1.2 10 "$d/5.mkv"                # P3 fast
  freeze "$table" 72 25 10 "$d/6.mkv"                  # empty (the night switch at 141.0 falls here)
  play "$table" 72 89.5 1 10 "$d/7.mkv"                # P4
  play "$table" 21.3 47 1.5 10 "$d/8.mkv"              # P2 again, fast
  play "$table" 89.5 121.5 1 10 "$d/9.mkv"             # P5
  freeze "$table" 121.5 8 10 "$d/10.mkv"               # empty
  chain "$d/all.mkv" "$d"/{1,2,3,4,5,6,7,8,9,10}.mkv
  local k="clip((t-60)/81\,0\,1)"
  ff -i "$d/all.mkv" -filter_complex "[0:v]split[a][b];\
[a]trim=end=141,setpts=PTS-STARTPTS,eq=eval=frame:brightness='-0.27*$k':saturation='1-0.5*$k':gamma='1-0.12*$k':\
gamma_r='1-0.1*$k':gamma_b='1+0.18*$k'[day];\
[b]trim=start=141,setpts=PTS-STARTPTS,hue=s=0,eq=contrast=1.15:brightness=0.01:gamma=1.05,\
noise=alls=12:allf=t:all_seed=16041,vignette=angle=PI/4.5[night];[day][night]concat=n=2:v=1:a=0,setsar=1" \
    "${enc[@]}" -crf 26 "$out/florist-dusk-ir.mp4"
}

# ---------------------------------------------------------------------------------------------------------------
# 2. floor-anamorphic-pair -> assembly-hall-floor: the factory-floor clip, 15 fps, shown with the wrong aspect ratio
#    (480x270 stretched to 480x360: people look tall and thin) and a cool tint; the worker comes 4 times between
#    stills of the empty floor (frame 70 with the worker's area, x 76-160 y 36-220, taken from frame 0); on his third
#    visit a second worker (the clip mirrored left-right, only the worker cut out by his difference from the mirrored
#    empty floor) walks in 98 frames (6.5 s) after that pass starts, while the first stands still at the end of his
#    walk; the second stands still too (his last frame held 15.3 s) and is gone at 95 s.
assembly() {
  local d="$tmp/a"; mkdir -p "$d"
  ff -i "$floor" -filter_complex "[0:v]split[a][b];[a]select='eq(n\,70)',setpts=0[f70];\
[b]select='eq(n\,0)',crop=84:184:76:36,setpts=0[p];[f70][p]overlay=76:36:eof_action=repeat" -frames:v 1 "$d/empty.png"
  pic "$d/empty.png" 12 15 "$d/1.mkv"                  # empty
  play "$floor" 0 4.8 0.5 15 "$d/2.mkv"                # walks away from the camera
  pic "$d/empty.png" 20 15 "$d/3.mkv"                  # empty
  play "$floor" 0 4.8 0.4 15 "$d/4.mkv" reverse        # walks towards the camera, out at the bottom
  pic "$d/empty.png" 8 15 "$d/5.mkv"                   # empty
  play "$floor" 0 4.8 0.4 15 "$d/6.mkv"                # walks away ...
  freeze "$floor" 4.65 14 15 "$d/7.mkv"                # ... and stands (the mirrored worker walks in meanwhile)
  pic "$d/empty.png" 36 15 "$d/8.mkv"                  # empty (the mirrored worker stands till 95 s)
  play "$floor" 0 4.8 0.25 15 "$d/9.mkv"               # walks away, slowly
  pic "$d/empty.png" 10 15 "$d/10.mkv"                 # empty
  chain "$d/all.mkv" "$d"/{1,2,3,4,5,6,7,8,9,10}.mkv
  local at=98 i   # frames before the mirrored worker comes in: parts 1-5 and 98 frames (6.53 s) of part 6
  for i in 1 2 3 4 5; do
    at=$((at + $(ffprobe -v error -count_frames -show_entries stream=nb_read_frames -of csv=p=0 "$d/$i.mkv")))
  done
  ff -i "$d/all.mkv" -i "$d/6.mkv" -loop 1 -i "$d/empty.png" -filter_complex "\
[2:v]format=yuv420p,hflip,trim=end_frame=600,setpts=N/15/TB[pl];\
[1:v]tpad=stop_mode=clone:stop_duration=15.3,hflip,split[w][w2];[w][pl]blend=all_mode=difference:shortest=1,geq=lum='255*gt(Y\,44)*gt(lum(X\,Y)+2*abs(cb(X/2\,Y/2))+2*abs(cr(X/2\,Y/2))\,40)':\
cb=128:cr=128,format=gray,erosion,erosion,erosion,dilation,dilation,dilation,dilation,dilation,gblur=sigma=1[m];\
[w2][m]alphamerge,setpts=PTS+$at/15/TB[k];[0:v][k]overlay=0:0:eof_action=pass,\
scale=480:360,colorbalance=bs=0.07:bm=0.04:rm=-0.04,noise=alls=5:allf=t:all_seed=16042,setsar=1" \
    "${enc[@]}" "$out/floor-anamorphic-pair.mp4"
}

# ---------------------------------------------------------------------------------------------------------------
# 3. bench-posterized-humbar -> gym-water-station: the bottle clip from a cheap webcam, 24 fps: colours posterized
#    (7 levels a channel), a soft dark hum bar rolling down the picture every 11.25 s; its parts as: 3 bottles held,
#    part B (14.5-29.5) at 0.7x, a hold, part C (29.5-39.5) backwards at 1.25x, part A (3.0-14.5) with a speed ramp
#    (0.5x at its start to 2x at its end), a 40 s hold, part B backwards at 1.5x, a hold.
gym() {
  local d="$tmp/g"; mkdir -p "$d"
  freeze "$shelf" 3.0 5 24 "$d/1.mkv"                  # 3 bottles
  play "$shelf" 14.5 29.5 0.7 24 "$d/2.mkv"            # part B slow
  freeze "$shelf" 29.5 18 24 "$d/3.mkv"                # 3 bottles
  play "$shelf" 29.5 39.5 1.25 24 "$d/4.mkv" reverse   # part C backwards
  # part A, speed rising linearly from 0.5x to 2x over its 11.5 source seconds: t_out = 11.5/1.5 ln(1 + 3 u/11.5)
  ff -i "$shelf" -vf "trim=start=3.0:end=14.5,setpts=PTS-STARTPTS,setpts='(11.5/1.5)*log(1+3*T/11.5)/TB',fps=24,\
format=yuv420p" "${lossless[@]}" "$d/5.mkv"
  freeze "$shelf" 14.5 40 24 "$d/6.mkv"                # 3 bottles
  play "$shelf" 14.5 29.5 1.5 24 "$d/7.mkv" reverse    # part B backwards
  freeze "$shelf" 14.5 8 24 "$d/8.mkv"                 # 3 bottles
  chain "$d/all.mkv" "$d"/{1,2,3,4,5,6,7,8}.mkv
  ff -i "$d/all.mkv" -f lavfi -i "color=c=black:s=640x90:r=24,format=yuva420p,geq=lum=16:cb=128:cr=128:a='80*sin(PI*Y/90)'" \
    -filter_complex "[0:v]lutrgb=r='floor(val/40)*40+20':g='floor(val/40)*40+20':b='floor(val/40)*40+20',format=yuv420p[p];\
[p][1:v]overlay=x=0:y='mod(t*40\,450)-90':eval=frame:shortest=1,setsar=1" "${enc[@]}" "$out/bench-posterized-humbar.mp4"
}

# ---------------------------------------------------------------------------------------------------------------
# 4. lot-dawn-panorama -> park-and-ride: two copies of the parking-lot clip side by side as one wide 960x270
#    "panorama" (left: as filmed, the car comes in at the bottom and leaves at the left edge; right: mirrored, its
#    car leaves at the right edge), 12 fps, each half with its own passes between stills of the empty lot, graded
#    from night (dark, blue, grainy) at the start to daylight from 140 s on (a per-pixel mix by time).
parkride() {
  local d="$tmp/p"; mkdir -p "$d"
  empty_lot "$d/empty.png"; empty_lot "$d/empty-m.png" ",hflip"
  play "$lot" 0 3.5 1 12 "$d/x1.mkv"; play "$lot" 0 3.5 0.5 12 "$d/x05.mkv"; play "$lot" 0 3.5 0.4 12 "$d/r04.mkv" reverse
  play "$lot" 0 3.5 0.6 12 "$d/m06.mkv" hflip; play "$lot" 0 3.5 1 12 "$d/m1.mkv" hflip
  play "$lot" 0 3.5 0.5 12 "$d/m05.mkv" hflip; play "$lot" 0 3.5 0.45 12 "$d/m045.mkv" hflip
  pic "$d/empty.png" 12 12 "$d/l1.mkv"; pic "$d/empty.png" 34.5 12 "$d/l2.mkv"
  pic "$d/empty.png" 53.25 12 "$d/l3.mkv"; pic "$d/empty.png" 70 12 "$d/l4.mkv"
  pic "$d/empty-m.png" 30 12 "$d/q1.mkv"; pic "$d/empty-m.png" 17.25 12 "$d/q2.mkv"
  pic "$d/empty-m.png" 55.5 12 "$d/q3.mkv"; pic "$d/empty-m.png" 31.25 12 "$d/q4.mkv"; pic "$d/empty-m.png" 40 12 "$d/q5.mkv"
  chain "$d/left.mkv" "$d"/{l1,x1,l2,x05,l3,r04,l4}.mkv
  chain "$d/right.mkv" "$d"/{q1,m06,q2,m1,q3,m05,q4,m045,q5}.mkv
  local k="clip((T-15)/125\,0\,1)"
  ff -i "$d/left.mkv" -i "$d/right.mkv" -filter_complex "[0:v][1:v]hstack=inputs=2,trim=end=176,split[a][b];\
[a]eq=brightness=-0.22:saturation=0.35:gamma=0.85,colorbalance=bs=0.22:bm=0.12:rm=-0.08,noise=alls=14:allf=t:all_seed=16044[n];\
[n][b]blend=all_expr='A*(1-$k)+B*$k',setsar=1" "${enc[@]}" "$out/lot-dawn-panorama.mp4"
}

# ---------------------------------------------------------------------------------------------------------------
# 5. aisle-crt-boomerang -> crockery-aisle: the crockery-aisle clip shown on an old CRT monitor (640x360, dark scan
#    lines every 3 rows, soft, a vignette, more contrast and colour), 15 fps, slowed into a browsing scene with
#    "boomerang" loops (a part played forwards then backwards, again and again): the two shoppers idle (source
#    0-0.93 at 0.5x, four loops), the third comes in (0-2.4 at 0.4x), the three idle (2.4-4.467 at 0.5x, three
#    loops), she backs out (2.4-0 at 0.4x), the two idle (five loops), she comes in again at 1x (0-4.467), the three
#    idle (4.467-2.4-4.467 at 0.5x, two loops), the last frame held 12 s.
crockery() {
  local d="$tmp/c"; mkdir -p "$d"
  play "$aisle" 0 0.93 0.5 15 "$d/b2f.mkv"; play "$aisle" 0 0.93 0.5 15 "$d/b2r.mkv" reverse
  play "$aisle" 0 2.4 0.4 15 "$d/in.mkv"; play "$aisle" 0 2.4 0.4 15 "$d/outb.mkv" reverse
  play "$aisle" 2.4 4.5 0.5 15 "$d/b3f.mkv"; play "$aisle" 2.4 4.5 0.5 15 "$d/b3r.mkv" reverse
  play "$aisle" 0 4.5 1 15 "$d/in1.mkv"; freeze "$aisle" 4.4 12 15 "$d/end.mkv"
  chain "$d/all.mkv" "$d"/{b2f,b2r,b2f,b2r,b2f,b2r,b2f,b2r,in,b3f,b3r,b3f,b3r,b3f,b3r,outb,b2f,b2r,b2f,b2r,b2f,b2r}.mkv \
    "$d"/{b2f,b2r,b2f,b2r,in1,b3r,b3f,b3r,b3f,end}.mkv
  ff -i "$d/all.mkv" -vf "scale=640:360,eq=contrast=1.15:saturation=1.25,gblur=sigma=0.7,\
drawgrid=w=iw:h=3:t=1:c=black@0.35,vignette=angle=PI/5,setsar=1" "${enc[@]}" "$out/aisle-crt-boomerang.mp4"
}

florist & p1=$!; assembly & p2=$!
wait $p1; wait $p2
gym & p1=$!; parkride & p2=$!
wait $p1; wait $p2
crockery
finish
