#!/usr/bin/env bash
# Makes the recordings of the fourth blind set (bench/blind/set-2026-11-27d.json) from the shared clips.
# Usage: bench/blind/make-recordings-4.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind4)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md).
# Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,-3}.sh: the table clip with its middle part reversed; two copies
# of the table clip joined around a 30 s hold of the empty table; the bottle clip played twice, the second
# time 1.5x slow; the parking-lot clip mirrored and played five times between stills of the empty lot with
# gaps of five different lengths; the factory-floor clip 3x slow joined to the bottle clip. Colours kept.
# Truth (seconds of the source clip -> seconds of the recording) is written beside each recipe. Source
# timelines: test/fixtures/truth.ts, as refined on 5 fps sheets (see make-recordings-3.sh) to these in-view
# intervals of the table clip's six people P1..P6: [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7]
# [92.3, 119.8] [123.5, 136.0]; bottles on the bench (source seconds): 3 until a take at 6.7, 2 until a
# put-back at 11.5, 3 until two are taken together at 17.3, 1 until a put-back at 22.3, 2 until a put-back
# at 27.6, 3 until a take at 31.5, 2 until a put-back at 35.5, then 3 to the end (39.855).
# Clothes (test/fixtures/appearance.ts): P1 grey cardigan, P2 black jacket, P3 black top, P4 black T-shirt,
# P5 grey cardigan, P6 light grey shirt; the lot's car is silver; the floor worker wears an orange vest and
# a hard hat.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind4}"
floor="$src/worker-zone-detection.mp4"         # 4.733 s, 15 fps, 480x270 (the worker is in view in every frame)

# 1. front-desk-middle-reversed.mp4 (139.4 s, 10 fps): the table clip with its middle part [47, 89.5)
#    played backwards; [0, 47) and [89.5, 139.4) forwards. Both cuts fall while nobody is at the table.
#    truth: t < 47 -> r = t;  47 <= t < 89.5 -> r = 47 + (89.5 - t);  t >= 89.5 -> r = t.
#    people in view (arrival order): P1 [6.0, 19.8]  P2 [22.8, 44.8]  P4 [49.8, 61.9]  P3 [66.8, 86.2]
#                                    P5 [92.3, 119.8]  P6 [123.5, 136.0]
#    empty: [0, 6.0] [19.8, 22.8] [44.8, 49.8] [61.9, 66.8] [86.2, 92.3] [119.8, 123.5] [136.0, 139.4]
ff -i "$table" -filter_complex \
  "[0:v]split=3[a][b][c];[a]trim=0:47,setpts=PTS-STARTPTS[p1];[b]trim=47:89.5,setpts=PTS-STARTPTS,reverse[p2];\
[c]trim=89.5:139.4,setpts=PTS-STARTPTS[p3];[p1][p2][p3]concat=n=3:v=1:a=0,fps=10,trim=end=139.4[v]" \
  -map "[v]" "${enc[@]}" "$out/front-desk-middle-reversed.mp4"

# 2. back-office-two-copies.mp4 (211.9 s, 10 fps): the table clip's part [0, 89.5), its last frame (the
#    empty table) held 30 s, then the table clip's part [47, 139.4). Cuts fall while nobody is there.
#    truth: first copy r = t (t < 89.5); hold [89.5, 119.5]; second copy r = 119.5 + (t - 47).
#    visits: P1 [6.0, 19.8]  P2 [22.8, 44.8]  P3 [50.3, 69.7]  P4 [74.6, 86.7]  (empty [86.7, 122.8])
#            P3 [122.8, 142.2]  P4 [147.1, 159.2]  P5 [164.8, 192.3]  P6 [196.0, 208.5]
#    (8 visits by 6 different people: P3 and P4 come twice)
ff -i "$table" -filter_complex \
  "[0:v]split[a][b];[a]trim=0:89.5,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=30[p1];\
[b]trim=47:139.4,setpts=PTS-STARTPTS,fps=10[p2];[p1][p2]concat=n=2:v=1:a=0,fps=10,trim=end=211.9[v]" \
  -map "[v]" "${enc[@]}" "$out/back-office-two-copies.mp4"

# 3. bar-fridge-twice.mp4 (99.64 s, 30 fps): the bottle clip at normal speed, then again 1.5x slow.
#    truth: first play r = t; second play r = 39.855 + 1.5 t.
#    events, first play:  take 6.7, put back 11.5, two taken 17.3, put back 22.3, put back 27.6, take 31.5,
#                         put back 35.5;
#            second play: take 49.905, put back 57.105, two taken 65.805, put back 73.305, put back 81.255,
#                         take 87.105, put back 93.105.  (8 bottles taken, 8 put back; 3 at start and end)
ff -i "$shelf" -filter_complex \
  "[0:v]split[a][b];[a]setpts=PTS-STARTPTS,fps=30[p1];[b]setpts=1.5*(PTS-STARTPTS),fps=30[p2];\
[p1][p2]concat=n=2:v=1:a=0,fps=30,trim=end=99.64[v]" \
  -map "[v]" "${enc[@]}" "$out/bar-fridge-twice.mp4"

# 4. north-yard-five-passes.mp4 (139.17 s, 12 fps): the parking-lot clip mirrored left-right and played five
#    times at 2x slow (6.833 s each), between stills of the empty lot (frame 0 with the car's and the
#    walker's areas taken from frame 40, where neither is; the still is mirrored too):
#    empty 5 s; pass; empty 15 s; pass; empty 40 s; pass; empty 8 s; pass; empty 25 s; pass; empty 12 s.
#    truth: car in view [5.0, 11.833] [26.833, 33.667] [73.667, 80.5] [88.5, 95.333] [120.333, 127.167].
empty_lot "$tmp/empty-lot.png" ",hflip"
ff -i "$lot" -loop 1 -framerate 12 -i "$tmp/empty-lot.png" -filter_complex \
  "[0:v]hflip,setpts=2*(PTS-STARTPTS),fps=12,format=yuv420p,split=5[c1][c2][c3][c4][c5];\
[1:v]format=yuv420p,split=6[e0][e1][e2][e3][e4][e5];\
[e0]trim=duration=5,setpts=PTS-STARTPTS[g0];[e1]trim=duration=15,setpts=PTS-STARTPTS[g1];\
[e2]trim=duration=40,setpts=PTS-STARTPTS[g2];[e3]trim=duration=8,setpts=PTS-STARTPTS[g3];\
[e4]trim=duration=25,setpts=PTS-STARTPTS[g4];[e5]trim=duration=12,setpts=PTS-STARTPTS[g5];\
[g0][c1][g1][c2][g2][c3][g3][c4][g4][c5][g5]concat=n=11:v=1:a=0,fps=12,trim=end=139.17[v]" \
  -map "[v]" "${enc[@]}" "$out/north-yard-five-passes.mp4"

# 5. workshop-floor-then-bench.mp4 (54.06 s, 30 fps, 640x360): the factory-floor clip 3x slow, scaled to
#    640x360 (one worker in a hard hat and an orange vest, in view all the time), then the bottle clip.
#    truth: worker in view [0, 14.2]; bottle clip r = 14.2 + t.
#    bottle events: take 20.9, put back 25.7, two taken 31.5, put back 36.5, put back 41.8, take 45.7,
#                   put back 49.7  (4 taken, 4 put back; 3 bottles from 14.2 until 20.9 and at the end)
ff -i "$floor" -i "$shelf" -filter_complex \
  "[0:v]setpts=3*(PTS-STARTPTS),scale=640:360,setsar=1,fps=30[w];[1:v]setpts=PTS-STARTPTS,setsar=1,fps=30[b];\
[w][b]concat=n=2:v=1:a=0,fps=30,trim=end=54.06[v]" \
  -map "[v]" "${enc[@]}" "$out/workshop-floor-then-bench.mp4"

finish
