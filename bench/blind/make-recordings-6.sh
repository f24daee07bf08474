#!/usr/bin/env bash
# Makes the recordings of the sixth blind set (bench/blind/set-2026-11-27f.json) from the shared clips.
# Usage: bench/blind/make-recordings-6.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind6)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md).
# Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,-3,-4,-5}.sh: the table clip zoomed in a little (a 704x396 crop,
# 91.7 % of the frame, scaled back up) and played 1.5x fast; the table clip cut into parts joined in a new
# order with one part repeated and the empty table held 60 s in the middle; the bottle clip 1.5x fast, the
# empty-handed last frame held 20 s, then a middle part played backwards at 0.75x speed; the parking-lot
# clip at 0.8x speed, four passes with gaps of 50/8/22/95/30 s; the table clip's second half at 0.75x speed,
# mirrored left-right, after a 40 s hold of the empty table, with one visit played again at the end.
# Colours kept.
# Source timelines (test/fixtures/truth.ts, refined on 5 fps sheets, see make-recordings-4.sh/-5.sh):
# in-view intervals of the table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8]
# [50.3, 69.7] [74.6, 86.7] [92.3, 119.8] [123.5, 136.0]; the table is empty between them. Bottles on the
# bench: 3 until a take at 6.7, 2 until a put-back at 11.5, 3 until two are taken together at 17.3, 1 until
# a put-back at 22.3, 2 until a put-back at 27.6, 3 until a take at 31.5, 2 until a put-back at 35.5, then 3
# to the end (39.855); the hand is in view only around these events (seconds 6, 11-12, 16-17, 22-23, 27-28,
# 31, 35-36). Every cut below falls while nobody is at the table / no hand is in view.
# Clothes (test/fixtures/appearance.ts): P1 long grey cardigan (grey skirt, dark leggings), P2 black jacket +
# dark jeans, P3 black top + black trousers (long blonde hair), P4 black T-shirt + black trousers, P5 grey
# cardigan + dark navy jeans (long dark hair), P6 light grey shirt + blue jeans; the lot's car is silver.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind6}"

# 1. lobby-zoom-fast.mp4 (92.93 s, 10 fps, 768x432): the whole table clip cropped to 704x396 at (64, 12)
#    (a slice of the window on the left and thin strips top and bottom cut away; people stay whole) and
#    scaled back to 768x432, played 1.5x fast.
#    truth: r = t / 1.5.
#    people in view: P1 [4.0, 13.2]  P2 [15.2, 29.87]  P3 [33.53, 46.47]  P4 [49.73, 57.8]
#                    P5 [61.53, 79.87]  P6 [82.33, 90.67]          (6 people, one at a time)
#    stays: P1 9.2  P2 14.67  P3 12.93  P4 8.07  P5 18.33  P6 8.33
#    empty: [0, 4.0] 4.0  [13.2, 15.2] 2.0  [29.87, 33.53] 3.67  [46.47, 49.73] 3.27  [57.8, 61.53] 3.73
#           [79.87, 82.33] 2.47  [90.67, 92.93] 2.27
ff -i "$table" -vf "crop=704:396:64:12,scale=768:432,setsar=1,setpts=(PTS-STARTPTS)/1.5,fps=10,trim=end=92.93" \
  "${enc[@]}" "$out/lobby-zoom-fast.mp4"

# 2. kiosk-shuffled.mp4 (180.8 s, 10 fps): parts of the table clip in a new order: C = [47, 72) (P3),
#    A = [0, 21.3) (P1), its last frame (the empty table) held 60 s, E = [89.5, 121.5) (P5), C again (P3
#    again), D = [72, 89.5) (P4). P2 and P6 never appear.
#    truth: C r = t - 47 [0, 25);  A r = 25 + t [25, 46.3);  hold [46.3, 106.3);
#           E r = 16.8 + t [106.3, 138.3);  C r = 91.3 + t [138.3, 163.3);  D r = 91.3 + t [163.3, 180.8).
#    visits: P3 [3.3, 22.7]  P1 [31.0, 44.8]  P5 [109.1, 136.6]  P3 [141.6, 161.0]  P4 [165.9, 178.0]
#    (5 visits by 4 different people; P3, the woman with long blonde hair in black, comes twice)
#    stays: P3 19.4, P1 13.8, P5 27.5, P3 19.4, P4 12.1
#    empty: [0, 3.3] [22.7, 31.0] 8.3  [44.8, 109.1] 64.3 (the longest)  [136.6, 141.6] 5.0
#           [161.0, 165.9] 4.9  [178.0, 180.8] 2.8
# (five decoders of the same clip rather than one split: with split, tpad's hold came out far too long)
ff -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=47:72,setpts=PTS-STARTPTS,fps=10[pc1];\
[1:v]trim=0:21.3,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=60[pa];\
[2:v]trim=89.5:121.5,setpts=PTS-STARTPTS,fps=10[pe];\
[3:v]trim=47:72,setpts=PTS-STARTPTS,fps=10[pc2];\
[4:v]trim=72:89.5,setpts=PTS-STARTPTS,fps=10[pd];\
[pc1][pa][pe][pc2][pd]concat=n=5:v=1:a=0,fps=10,trim=end=180.8[v]" \
  -map "[v]" "${enc[@]}" "$out/kiosk-shuffled.mp4"

# 3. break-room-fast-then-back.mp4 (68.57 s, 30 fps): the bottle clip 1.5x fast, its last frame (three
#    bottles, no hand) held 20 s, then the bottle clip's part [13.5, 30.0) played backwards at 0.75x speed
#    (a put-back of the source is a take here and the other way round).
#    truth: first play r = t / 1.5 [0, 26.57); hold [26.57, 46.57); backwards part r = 46.57 + (30 - t) * 4/3
#    [46.57, 68.57].
#    events: take (1) 4.47, put back (1) 7.67, two taken together 11.53, put back (1) 14.87, put back (1) 18.4,
#            take (1) 21.0, put back (1) 23.67 | take (1) 49.77, take (1) 56.84, two put back together 63.5.
#    (takes: 5 events, 6 bottles; put-backs: 5 events, 6 bottles)
#    bottles standing: 3 [0, 4.47]  2 [4.47, 7.67]  3 [7.67, 11.53]  1 [11.53, 14.87]  2 [14.87, 18.4]
#                      3 [18.4, 21.0]  2 [21.0, 23.67]  3 [23.67, 49.77] (incl. the 20 s hold)
#                      2 [49.77, 56.84]  1 [56.84, 63.5]  3 [63.5, 68.57]
ff -i "$shelf" -i "$shelf" -filter_complex \
  "[0:v]setpts=(PTS-STARTPTS)/1.5,fps=30,tpad=stop_mode=clone:stop_duration=20[p1];\
[1:v]trim=13.5:30,setpts=PTS-STARTPTS,reverse,setpts=4*PTS/3,fps=30[p2];\
[p1][p2]concat=n=2:v=1:a=0,fps=30,trim=end=68.57[v]" \
  -map "[v]" "${enc[@]}" "$out/break-room-fast-then-back.mp4"

# 4. staff-carpark-four-passes.mp4 (222.08 s, 12 fps): the parking-lot clip at 0.8x speed (4.27 s each)
#    played four times between stills of the empty lot (frame 0 with the car's and the walker's areas
#    taken from frame 40, where neither is): empty 50 s; pass; empty 8 s; pass; empty 22 s; pass;
#    empty 95 s; pass; empty 30 s.
#    truth: car in view [50.0, 54.27] [62.27, 66.54] [88.54, 92.81] [187.81, 192.08]; no vehicle
#    [0, 50] (50 s), [54.27, 62.27] (8 s), [66.54, 88.54] (22 s), [92.81, 187.81] (95 s, the longest),
#    [192.08, 222.08] (30 s). A walker and a cyclist cross the top of the lot during each pass.
empty_lot "$tmp/empty-lot.png"
cp "$tmp/empty-lot.png" "$out/empty-lot-still.png"
ff -i "$lot" -loop 1 -framerate 12 -i "$tmp/empty-lot.png" -filter_complex \
  "[0:v]setpts=1.25*(PTS-STARTPTS),fps=12,format=yuv420p,split=4[c1][c2][c3][c4];\
[1:v]format=yuv420p,split=5[e0][e1][e2][e3][e4];\
[e0]trim=duration=50,setpts=PTS-STARTPTS[g0];[e1]trim=duration=8,setpts=PTS-STARTPTS[g1];\
[e2]trim=duration=22,setpts=PTS-STARTPTS[g2];[e3]trim=duration=95,setpts=PTS-STARTPTS[g3];\
[e4]trim=duration=30,setpts=PTS-STARTPTS[g4];\
[g0][c1][g1][c2][g2][c3][g3][c4][g4]concat=n=9:v=1:a=0,fps=12,trim=end=222.08[v]" \
  -map "[v]" "${enc[@]}" "$out/staff-carpark-four-passes.mp4"

# 5. study-hall-wait-slow.mp4 (186.53 s, 10 fps): the table clip mirrored left-right; its frame at 47 s (the
#    empty table) held 40 s, then its part [47, 139.4) at 0.75x speed, then its part [72, 89.5) (P4's visit)
#    again at 0.75x speed. P1 and P2 never appear.
#    truth: hold [0, 40); first part r = 40 + (t - 47) * 4/3 [40, 163.2); second part
#    r = 163.2 + (t - 72) * 4/3 [163.2, 186.53].
#    visits: P3 [44.4, 70.27]  P4 [76.8, 92.93]  P5 [100.4, 137.07]  P6 [142.0, 158.67]  P4 [166.67, 182.8]
#    (5 visits by 4 different people; P4, the man in the black T-shirt, comes twice)
#    stays: P3 25.87  P4 16.13  P5 36.67 (the longest)  P6 16.67  P4 16.13
#    empty: [0, 44.4] 44.4 (the longest)  [70.27, 76.8] 6.53  [92.93, 100.4] 7.47  [137.07, 142.0] 4.93
#           [158.67, 166.67] 8.0  [182.8, 186.53] 3.73
ff -i "$table" -filter_complex \
  "[0:v]hflip,split[a][b];\
[a]trim=47:139.4,setpts=4*(PTS-STARTPTS)/3,fps=10,tpad=start_mode=clone:start_duration=40[p1];\
[b]trim=72:89.5,setpts=4*(PTS-STARTPTS)/3,fps=10[p2];\
[p1][p2]concat=n=2:v=1:a=0,fps=10,trim=end=186.53[v]" \
  -map "[v]" "${enc[@]}" "$out/study-hall-wait-slow.mp4"

finish
