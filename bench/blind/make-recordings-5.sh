#!/usr/bin/env bash
# Makes the recordings of the fifth blind set (bench/blind/set-2026-11-27e.json) from the shared clips.
# Usage: bench/blind/make-recordings-5.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind5)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md).
# Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,-3,-4}.sh: the table clip mirrored and 1.25x slow; the whole table
# clip played backwards and then forwards; the table clip cut at 72 s, the empty table held 45 s, then its
# tail from 121.5 s (P4 and P5 left out); the bottle clip mirrored and 2x slow; the parking-lot clip 1.5x
# slow, three passes between stills of the empty lot. Colours kept.
# Source timelines (test/fixtures/truth.ts, refined on 5 fps sheets, see make-recordings-4.sh): in-view
# intervals of the table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7]
# [74.6, 86.7] [92.3, 119.8] [123.5, 136.0]; bottles on the bench: 3 until a take at 6.7, 2 until a put-back
# at 11.5, 3 until two are taken together at 17.3, 1 until a put-back at 22.3, 2 until a put-back at 27.6,
# 3 until a take at 31.5, 2 until a put-back at 35.5, then 3 to the end (39.855).
# Frames checked at the cuts (2 fps sheets): the table is empty from 70.0 to 74.5 and from 119.5 to 123.0.
# Clothes (test/fixtures/appearance.ts): P1 grey cardigan, P2 black jacket + dark jeans, P3 black top (long
# blonde hair), P4 black T-shirt, P5 grey cardigan + dark jeans, P6 light grey shirt + blue jeans; the lot's
# car is silver.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind5}"

# 1. reception-mirrored-slow.mp4 (174.25 s, 10 fps): the table clip mirrored left-right, 1.25x slow.
#    truth: r = 1.25 t.
#    people in view: P1 [7.5, 24.75]  P2 [28.5, 56.0]  P3 [62.875, 87.125]  P4 [93.25, 108.375]
#                    P5 [115.375, 149.75]  P6 [154.375, 170.0]
#    stays: P1 17.25  P2 27.5  P3 24.25  P4 15.125  P5 34.375  P6 15.625
#    empty: [0, 7.5] 7.5  [24.75, 28.5] 3.75  [56.0, 62.875] 6.875  [87.125, 93.25] 6.125
#           [108.375, 115.375] 7.0  [149.75, 154.375] 4.625  [170.0, 174.25] 4.25
ff -i "$table" -vf "hflip,setpts=1.25*(PTS-STARTPTS),fps=10,trim=end=174.25" "${enc[@]}" "$out/reception-mirrored-slow.mp4"

# 2. stock-room-back-and-forth.mp4 (278.8 s, 10 fps): the whole table clip played backwards, then forwards.
#    truth: reversed part r = 139.4 - t (t in [0, 139.4]); forward part r = 139.4 + t.
#    visits (in order): P6 [3.4, 15.9]  P5 [19.6, 47.1]  P4 [52.7, 64.8]  P3 [69.7, 89.1]  P2 [94.6, 116.6]
#                       P1 [119.6, 133.4]  |  P1 [145.4, 159.2]  P2 [162.2, 184.2]  P3 [189.7, 209.1]
#                       P4 [214.0, 226.1]  P5 [231.7, 259.2]  P6 [262.9, 275.4]
#    12 visits, 6 different people, each twice; stays as in the source (P5 27.5 longest, P4 12.1 shortest).
#    empty: [0, 3.4] [15.9, 19.6] [47.1, 52.7] [64.8, 69.7] [89.1, 94.6] [116.6, 119.6]
#           [133.4, 145.4] (12.0 s, the longest, around the turn) [159.2, 162.2] [184.2, 189.7]
#           [209.1, 214.0] [226.1, 231.7] [259.2, 262.9] [275.4, 278.8]
ff -i "$table" -filter_complex \
  "[0:v]split[a][b];[a]setpts=PTS-STARTPTS,reverse,fps=10[p1];[b]setpts=PTS-STARTPTS,fps=10[p2];\
[p1][p2]concat=n=2:v=1:a=0,fps=10,trim=end=278.8[v]" \
  -map "[v]" "${enc[@]}" "$out/stock-room-back-and-forth.mp4"

# 3. meeting-room-cut-and-hold.mp4 (134.9 s, 10 fps): the table clip's part [0, 72), its last frame (the
#    empty table) held 45 s, then the table clip's part [121.5, 139.4). P4 and P5 never appear.
#    truth: t < 72 -> r = t; hold [72, 117]; t >= 121.5 -> r = t - 4.5.
#    people in view: P1 [6.0, 19.8]  P2 [22.8, 44.8]  P3 [50.3, 69.7]  P6 [119.0, 131.5]   (4 people)
#    empty: [0, 6.0] [19.8, 22.8] [44.8, 50.3] [69.7, 119.0] (49.3 s, the longest) [131.5, 134.9]
ff -i "$table" -filter_complex \
  "[0:v]split[a][b];[a]trim=0:72,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=45[p1];\
[b]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10[p2];[p1][p2]concat=n=2:v=1:a=0,fps=10,trim=end=134.9[v]" \
  -map "[v]" "${enc[@]}" "$out/meeting-room-cut-and-hold.mp4"

# 4. pantry-shelf-mirrored-slow.mp4 (79.71 s, 30 fps): the bottle clip mirrored left-right, 2x slow.
#    truth: r = 2 t.
#    events: take 13.4, put back 23.0, two taken together 34.6, put back 44.6, put back 55.2, take 63.0,
#            put back 71.0  (4 bottles taken in 3 takes, 4 put back in 4 put-backs).
#    bottles standing: 3 [0, 13.4]  2 [13.4, 23.0]  3 [23.0, 34.6]  1 [34.6, 44.6]  2 [44.6, 55.2]
#                      3 [55.2, 63.0]  2 [63.0, 71.0]  3 [71.0, 79.71]
ff -i "$shelf" -vf "hflip,setpts=2*(PTS-STARTPTS),fps=30,trim=end=79.71" "${enc[@]}" "$out/pantry-shelf-mirrored-slow.mp4"

# 5. car-park-three-passes.mp4 (86.375 s, 12 fps): the parking-lot clip 1.5x slow (5.125 s each) played three
#    times between stills of the empty lot (frame 0 with the car's and the walker's areas taken from frame 40,
#    where neither is): empty 20 s; pass; empty 10 s; pass; empty 35 s; pass; empty 6 s.
#    truth: car in view [20.0, 25.125] [35.125, 40.25] [75.25, 80.375]; no vehicle [40.25, 75.25] (35 s, the
#    longest), [0, 20], [25.125, 35.125], [80.375, 86.375].
empty_lot "$tmp/empty-lot.png"
cp "$tmp/empty-lot.png" "$out/empty-lot-still.png"
ff -i "$lot" -loop 1 -framerate 12 -i "$tmp/empty-lot.png" -filter_complex \
  "[0:v]setpts=1.5*(PTS-STARTPTS),fps=12,format=yuv420p,split=3[c1][c2][c3];\
[1:v]format=yuv420p,split=4[e0][e1][e2][e3];\
[e0]trim=duration=20,setpts=PTS-STARTPTS[g0];[e1]trim=duration=10,setpts=PTS-STARTPTS[g1];\
[e2]trim=duration=35,setpts=PTS-STARTPTS[g2];[e3]trim=duration=6,setpts=PTS-STARTPTS[g3];\
[g0][c1][g1][c2][g2][c3][g3]concat=n=7:v=1:a=0,fps=12,trim=end=86.375[v]" \
  -map "[v]" "${enc[@]}" "$out/car-park-three-passes.mp4"

finish
