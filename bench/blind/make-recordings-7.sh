#!/usr/bin/env bash
# Makes the recordings of the seventh blind set (bench/blind/set-2026-11-27g.json) from the shared clips.
# Usage: bench/blind/make-recordings-7.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind7)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md).
# Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,-3,-4,-5,-6}.sh: two parts of the table clip side by side (two
# tables, a black divider, people at source size) so that two people are in view at once three times; the
# table clip at 1.25x with an evening look (eq=brightness=-0.1), a 70 s hold, one visit played three times
# and a part played backwards; the table clip at 0.6x (slow) with a high-contrast, low-colour look and a
# 30 s hold; a part of the bottle clip played three times at 1.25x, a 20 s hold, then a longer part played
# backwards at 0.6x; the parking-lot clip in a dusk look, three passes (0.6x, backwards, 1x) between stills
# of the empty lot with gaps of 35/12/60/20 s.
# Source timelines (test/fixtures/truth.ts, refined on 5 fps sheets, see make-recordings-4.sh/-5.sh/-6.sh):
# in-view intervals of the table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8]
# [50.3, 69.7] [74.6, 86.7] [92.3, 119.8] [123.5, 136.0]; the table is empty between them (checked again
# for this script at 0, 21.3, 47, 72, 89.5, 121.5 and 139.3 s). People walk in at the bottom left (close to
# the camera) and leave at the right edge. Bottles on the bench: 3 until a take at 6.7, 2 until a put-back
# at 11.5, 3 until two are taken together at 17.3, 1 until a put-back at 22.3, 2 until a put-back at 27.6,
# 3 until a take at 31.5, 2 until a put-back at 35.5, then 3 to the end (39.855); on a 2 fps sheet the hand
# is in view at 6.0-6.5, 11.5-13.0, 16.0-17.5, 22.0-24.0, 27.5-28.5, 31.0-31.5, 34.5-36.0 (none at 3.0,
# 29.5 or after 37.0). Every cut below falls while nobody is at the table / no hand is in view.
# Cameras and start times in the set: coworking-two-tables -> coworking-floor 2026-11-21T13:20:00Z;
# gallery-evening-repeat -> gallery-annex 2026-11-22T19:05:00Z; library-slow-washed -> library-reading
# 2026-11-23T10:42:30Z; deli-counter-thrice-then-back -> deli-chiller 2026-11-24T06:58:00Z;
# visitor-parking-dusk -> visitor-parking 2026-11-25T17:12:00Z (clock time = start + recording seconds).
# Clothes (test/fixtures/appearance.ts): P1 long grey cardigan (grey skirt, dark leggings), P2 black jacket +
# dark jeans, P3 black top + black trousers (long blonde hair), P4 black T-shirt + black trousers, P5 grey
# cardigan + dark navy jeans (long dark hair), P6 light grey shirt + blue jeans; the lot's car is silver.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind7}"

# 1. coworking-two-tables.mp4 (102.3 s, 10 fps, 1296x432): two copies of the table scene side by side, each
#    cropped to 640x432 at (128, 0) (the window cut away; nobody stands there; people keep their source size),
#    with a 16 px black divider between them.
#    left table:  the table clip's part [0, 47) (P1, P2), its last frame (empty table) held to the end.
#                 truth: r = t (t < 47); empty hold [47, 102.3].
#    right table: the table clip's frame at 47 s (empty table) held 10 s, then its part [47, 139.4)
#                 (P3..P6).  truth: hold [0, 10); r = t - 37.
#    people in view: P1 [6.0, 19.8] (left)  P3 [13.3, 32.7] (right)  P2 [22.8, 44.8] (left)
#                    P4 [37.6, 49.7] (right)  P5 [55.3, 82.8] (right)  P6 [86.5, 99.0] (right)
#    (6 different people, each once; arrival order P1, P3, P2, P4, P5, P6; departures P1 19.8, P3 32.7,
#    P2 44.8, P4 49.7, P5 82.8, P6 99.0)
#    stays: P1 13.8  P3 19.4  P2 22.0  P4 12.1  P5 27.5 (the longest)  P6 12.5
#    people in view over time: 0 [0, 6.0]  1 [6.0, 13.3]  2 [13.3, 19.8] (P1+P3)  1 [19.8, 22.8]
#                              2 [22.8, 32.7] (P2+P3)  1 [32.7, 37.6]  2 [37.6, 44.8] (P2+P4)
#                              1 [44.8, 49.7]  0 [49.7, 55.3]  1 [55.3, 82.8]  0 [82.8, 86.5]
#                              1 [86.5, 99.0]  0 [99.0, 102.3]
#    two at once: 3 stretches, 6.5 + 9.9 + 7.2 = 23.6 s, the first from 13.3, the last ends at 44.8; never 3.
#    nobody at either table: [0, 6.0] 6.0  [49.7, 55.3] 5.6  [82.8, 86.5] 3.7  [99.0, 102.3] 3.3;
#    someone there without a break from 6.0 to 49.7 (43.7 s).
#    the left table is empty from 44.8 to the end (57.5 s); the right table is empty until 13.3.
ff -i "$table" -i "$table" -f lavfi -i "color=c=black:s=16x432:r=10:d=102.4" -filter_complex \
  "[0:v]trim=0:47,setpts=PTS-STARTPTS,fps=10,crop=640:432:128:0,setsar=1,tpad=stop_mode=clone:stop_duration=55.4[l];\
[1:v]trim=47:139.4,setpts=PTS-STARTPTS,fps=10,crop=640:432:128:0,setsar=1,tpad=start_mode=clone:start_duration=10[r];\
[2:v]format=yuv420p,setsar=1[d];[l]format=yuv420p[l2];[r]format=yuv420p[r2];\
[l2][d][r2]hstack=inputs=3:shortest=1,fps=10,trim=end=102.4[v]" \
  -map "[v]" "${enc[@]}" "$out/coworking-two-tables.mp4"

# 2. gallery-evening-repeat.mp4 (154.6 s, 10 fps, 768x432): the table clip at 1.25x speed, darkened
#    (eq=brightness=-0.1, an evening look), in parts: E = [89.5, 121.5) (P5), its last frame (empty table)
#    held 70 s, D = [72, 89.5) (P4) three times, then A = [0, 21.3) (P1) played backwards (P1 walks in
#    backwards from the right edge and leaves backwards at the bottom left). P2, P3 and P6 never appear.
#    truth: E r = (t - 89.5) / 1.25 [0, 25.6);  hold [25.6, 95.6);  D k-th copy (k = 0, 1, 2)
#           r = 95.6 + 14 k + (t - 72) / 1.25 [95.6 + 14 k, 109.6 + 14 k);  A r = 137.6 + (21.3 - t) / 1.25
#           [137.6, 154.6].
#    visits: P5 [2.24, 24.24]  P4 [97.68, 107.36]  P4 [111.68, 121.36]  P4 [125.68, 135.36]  P1 [138.8, 149.84]
#    (5 visits by 3 different people; P4, the man in the black T-shirt, comes three times)
#    stays: P5 22.0 (the longest)  P4 9.68 each (the shortest; 29.04 in all)  P1 11.04
#    empty: [0, 2.24] 2.24  [24.24, 97.68] 73.44 (the longest)  [107.36, 111.68] 4.32  [121.36, 125.68] 4.32
#           [135.36, 138.8] 3.44  [149.84, 154.6] 4.76.  Never more than one person in view.
ff -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=89.5:121.5,setpts=(PTS-STARTPTS)/1.25,fps=10,tpad=stop_mode=clone:stop_duration=70[pe];\
[1:v]trim=72:89.5,setpts=(PTS-STARTPTS)/1.25,fps=10[pd1];\
[2:v]trim=72:89.5,setpts=(PTS-STARTPTS)/1.25,fps=10[pd2];\
[3:v]trim=72:89.5,setpts=(PTS-STARTPTS)/1.25,fps=10[pd3];\
[4:v]trim=0:21.3,setpts=PTS-STARTPTS,reverse,setpts=(PTS-STARTPTS)/1.25,fps=10[pa];\
[pe][pd1][pd2][pd3][pa]concat=n=5:v=1:a=0,eq=brightness=-0.1,fps=10,trim=end=154.64[v]" \
  -map "[v]" "${enc[@]}" "$out/gallery-evening-repeat.mp4"

# 3. library-slow-washed.mp4 (138.1 s, 10 fps, 768x432): the table clip at 0.6x speed (slow) with a
#    high-contrast, low-colour look (eq=contrast=1.3:saturation=0.5): its part [0, 47) (P1, P2), its last
#    frame (empty table) held 30 s, then its part [121.5, 139.4) (P6). P3, P4 and P5 never appear.
#    truth: r = t / 0.6 (t < 47) [0, 78.33);  hold [78.33, 108.33);  r = 108.33 + (t - 121.5) / 0.6
#           [108.33, 138.1].
#    people in view: P1 [10.0, 33.0]  P2 [38.0, 74.67]  P6 [111.67, 132.5]   (3 people, one at a time)
#    stays: P1 23.0  P2 36.67 (the longest)  P6 20.83 (the shortest)
#    empty: [0, 10.0] 10.0  [33.0, 38.0] 5.0  [74.67, 111.67] 37.0 (the longest)  [132.5, 138.1] 5.6
ff -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=0:47,setpts=(PTS-STARTPTS)/0.6,fps=10,tpad=stop_mode=clone:stop_duration=30[p1];\
[1:v]trim=121.5:139.4,setpts=(PTS-STARTPTS)/0.6,fps=10[p2];\
[p1][p2]concat=n=2:v=1:a=0,eq=contrast=1.3:saturation=0.5,fps=10,trim=end=138.17[v]" \
  -map "[v]" "${enc[@]}" "$out/library-slow-washed.mp4"

# 4. deli-counter-thrice-then-back.mp4 (89.0 s, 30 fps, 640x360): the bottle clip's part [29.5, 39.855)
#    (one take at 31.5, its put-back at 35.5) three times at 1.25x speed, the last frame (three bottles, no
#    hand) held 20 s, then the bottle clip's part [3.0, 29.5) played backwards at 0.6x speed (a put-back of
#    the source is a take here and the other way round).
#    truth: copy k (k = 0, 1, 2) r = 8.284 k + (t - 29.5) / 1.25;  hold [24.85, 44.85];
#           backwards part r = 44.852 + (29.5 - t) / 0.6 [44.85, 89.0].
#    events: take (1) 1.6, put back (1) 4.8, take (1) 9.88, put back (1) 13.08, take (1) 18.17,
#            put back (1) 21.37 | take (1) 48.02, take (1) 56.85, two put back together 65.19,
#            take (1) 74.85, put back (1) 82.85.
#    (takes: 6 events, 6 bottles; put-backs: 5 events, 6 bottles; 3 bottles at the start and the end)
#    bottles standing: 3 [0, 1.6]  2 [1.6, 4.8]  3 [4.8, 9.88]  2 [9.88, 13.08]  3 [13.08, 18.17]
#                      2 [18.17, 21.37]  3 [21.37, 48.02] (incl. the 20 s hold)  2 [48.02, 56.85]
#                      1 [56.85, 65.19]  3 [65.19, 74.85]  2 [74.85, 82.85]  3 [82.85, 89.0]
#    the hand is in view around 1-2, 4-5.5, 9.5-10, 13-14.5, 17.5-18.5, 21.5-23 (the copies) and about
#    46-48, 54-57, 64-67, 72-75, 82.5-83.5 (the backwards part).
ff -i "$shelf" -i "$shelf" -i "$shelf" -i "$shelf" -filter_complex \
  "[0:v]trim=29.5:39.855,setpts=(PTS-STARTPTS)/1.25,fps=30[c1];\
[1:v]trim=29.5:39.855,setpts=(PTS-STARTPTS)/1.25,fps=30[c2];\
[2:v]trim=29.5:39.855,setpts=(PTS-STARTPTS)/1.25,fps=30,tpad=stop_mode=clone:stop_duration=20[c3];\
[3:v]trim=3:29.5,setpts=PTS-STARTPTS,reverse,setpts=(PTS-STARTPTS)/0.6,fps=30[rb];\
[c1][c2][c3][rb]concat=n=4:v=1:a=0,fps=30,trim=end=89.02[v]" \
  -map "[v]" "${enc[@]}" "$out/deli-counter-thrice-then-back.mp4"

# 5. visitor-parking-dusk.mp4 (139.5 s, 12 fps, 480x270): the parking-lot clip in a dusk look
#    (eq=brightness=-0.1:saturation=0.8) played three times between stills of the empty lot (the same
#    dusk look): empty 35 s; pass at 0.6x speed (5.694 s); empty 12 s; pass played backwards at 1x
#    (3.417 s, the car drives the other way); empty 60 s; pass forwards at 1x (3.417 s); empty 20 s.
#    truth: car in view [35.0, 40.694] [52.694, 56.111] [116.111, 119.528]; no vehicle [0, 35.0] (35 s),
#    [40.694, 52.694] (12 s), [56.111, 116.111] (60 s, the longest), [119.528, 139.5] (20 s).
#    It is the same silver car each time. A walker and a cyclist cross the top of the lot during each pass.
empty_lot "$tmp/empty-lot.png"
ff -i "$lot" -loop 1 -framerate 12 -i "$tmp/empty-lot.png" -filter_complex \
  "[0:v]setpts=PTS-STARTPTS,fps=12,format=yuv420p,split=3[a1][a2][a3];\
[a1]setpts=(PTS-STARTPTS)/0.6,fps=12[c1];[a2]reverse,setpts=PTS-STARTPTS[c2];[a3]setpts=PTS-STARTPTS[c3];\
[1:v]format=yuv420p,split=4[e0][e1][e2][e3];\
[e0]trim=duration=35,setpts=PTS-STARTPTS[g0];[e1]trim=duration=12,setpts=PTS-STARTPTS[g1];\
[e2]trim=duration=60,setpts=PTS-STARTPTS[g2];[e3]trim=duration=20,setpts=PTS-STARTPTS[g3];\
[g0][c1][g1][c2][g2][c3][g3]concat=n=7:v=1:a=0,eq=brightness=-0.1:saturation=0.8,fps=12,trim=end=139.53[v]" \
  -map "[v]" "${enc[@]}" "$out/visitor-parking-dusk.mp4"

finish
