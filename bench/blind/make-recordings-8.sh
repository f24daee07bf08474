#!/usr/bin/env bash
# Makes the recordings of the eighth blind set (bench/blind/set-2026-11-27h.json) from the shared clips.
# Usage: bench/blind/make-recordings-8.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind8)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md).
# Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,...,-7}.sh: the table clip scaled down to 384x216 at 5 fps with its
# visits re-ordered and one visit played twice (the same man comes back after a gap); a 5.5-minute table
# recording in a grayscale "night IR" look with moving noise and long empty holds between four visits, so
# that "first minute" / "last two minutes" windows matter; the bottle clip's parts in a new order (end part
# first), slightly zoomed onto the bench with a warm colour temperature; the parking-lot clip turned 90
# degrees (a portrait "corridor mode" camera) with four passes between long stills of the empty lot; the
# worker-zone clip (a factory floor) with stills of the empty floor between three visits of the worker.
# Source timelines (test/fixtures/truth.ts, refined in make-recordings-7.sh's header, checked again here on
# 1 and 2 fps sheets): in-view intervals of the table clip's six people P1..P6 (source seconds): [6.0, 19.8]
# [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8] [123.5, 136.0]; the table is empty between them (and
# at 0, 21.3, 47, 72, 89.5, 121.5 and 139.3 s, the cut points used below). Bottles on the bench: 3 until a
# take at 6.7, 2 until a put-back at 11.5, 3 until two are taken together at 17.3, 1 until a put-back at
# 22.3, 2 until a put-back at 27.6, 3 until a take at 31.5, 2 until a put-back at 35.5, then 3 to the end
# (39.855); the hand is in view at about 6.0-6.5, 11.5-13.0, 16.0-17.5, 22.0-24.0, 27.5-28.5, 31.0-31.5,
# 34.5-36.0 and not at 3.0, 14.5, 29.5 (the cut points used below) nor after 37.0. The parking-lot clip
# (3.417 s, 41 frames at 12 fps) has the silver car in view in every frame (a walker and a cyclist cross the
# far side). The worker-zone clip (4.733 s, 71 frames at 15 fps) has one worker (yellow hard hat, orange
# safety vest, blue jeans) in view in every frame: at frame 0 he is close to the camera at the bottom edge,
# then he walks away to the far left-middle of the floor (frame 70); the camera does not move.
# Every output was checked after it was made on frame sheets (ffmpeg fps=1/2/5 + tile, with timestamps):
# the in-view intervals and bottle counts written below hold there to within 0.5 s.
# Cameras and start times in the set (clock time = start + recording seconds):
#   bakery-pickup-shuffled -> bakery-pickup 2026-11-26T07:48:50Z; night-lobby-ir -> night-lobby
#   2026-11-27T02:14:00Z; pharmacy-shelf-reordered -> pharmacy-shelf 2026-11-28T15:36:00Z;
#   service-lane-portrait -> service-lane 2026-11-29T11:02:00Z; press-shop-floor -> press-shop
#   2026-11-26T22:40:00Z.
# Clothes (test/fixtures/appearance.ts): P1 long grey cardigan (grey skirt, dark leggings), P2 black jacket +
# dark jeans, P3 black top + black trousers (long blonde hair), P4 black T-shirt + black trousers, P5 grey
# cardigan + dark navy jeans (long dark hair), P6 light grey shirt + blue jeans; the lot's car is silver.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind8}"

# 1. bakery-pickup-shuffled.mp4 (114.2 s, 5 fps, 384x216): the table clip scaled down to 384x216 and
#    resampled to 5 fps, its visits in a new order: F = [121.5, 139.4) (P6), D = [72, 89.5) (P4),
#    C = [47, 72) (P3) with its last frame (empty table) held 15 s, D again (P4 a second time), then
#    A = [0, 21.3) (P1). P2 and P5 never appear.
#    truth: F r = t - 121.5 [0, 17.9);  D r = 17.9 + (t - 72) [17.9, 35.4);  C r = 35.4 + (t - 47)
#           [35.4, 60.4);  hold [60.4, 75.4);  D r = 75.4 + (t - 72) [75.4, 92.9);  A r = 92.9 + t [92.9, 114.2).
#    visits: P6 [2.0, 14.5]  P4 [20.5, 32.6]  P3 [38.7, 58.1]  P4 [78.0, 90.1]  P1 [98.9, 112.7]
#    (5 visits by 4 different people; arrival order P6, P4, P3, P4 again, P1; one person at a time)
#    stays: P6 12.5  P4 12.1 each (24.2 in all)  P3 19.4 (the longest)  P1 13.8;  occupied 70.3 s in all.
#    empty: [0, 2.0] 2.0  [14.5, 20.5] 6.0  [32.6, 38.7] 6.1  [58.1, 78.0] 19.9 (the longest)
#           [90.1, 98.9] 8.8  [112.7, 114.2] 1.5 (nobody at the end).
ff -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10[f];\
[1:v]trim=72:89.5,setpts=PTS-STARTPTS,fps=10[d1];\
[2:v]trim=47:72,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=15[c];\
[3:v]trim=72:89.5,setpts=PTS-STARTPTS,fps=10[d2];\
[4:v]trim=0:21.3,setpts=PTS-STARTPTS,fps=10[a];\
[f][d1][c][d2][a]concat=n=5:v=1:a=0,fps=5,scale=384:216,setsar=1,trim=end=114.2[v]" \
  -map "[v]" "${enc[@]}" "$out/bakery-pickup-shuffled.mp4"

# 2. night-lobby-ir.mp4 (331.9 s, 10 fps, 768x432): the table clip in a grayscale "night IR" look (no colour,
#    lifted gamma, a little more contrast, coarse moving grain: noise=alls=20:allf=t+u added at 384x216
#    and scaled back up, so that the encoder, at crf 24 for this file, keeps it) with long holds of the empty
#    table: the frame at 21.3 (empty) held 40 s, B = [21.3, 47) (P2), its last frame held 70 s,
#    E = [89.5, 121.5) (P5), its last frame held 45 s, A = [0, 21.3) (P1), its last frame held 60 s,
#    F = [121.5, 139.4) (P6), its last frame held 20 s. P3 and P4 never appear.
#    truth: hold [0, 40);  B r = 40 + (t - 21.3) [40, 65.7);  hold [65.7, 135.7);  E r = 135.7 + (t - 89.5)
#           [135.7, 167.7);  hold [167.7, 212.7);  A r = 212.7 + t [212.7, 234.0);  hold [234.0, 294.0);
#           F r = 294.0 + (t - 121.5) [294.0, 311.9);  hold [311.9, 331.9].
#    visits: P2 [41.5, 63.5]  P5 [138.5, 166.0]  P1 [218.7, 232.5]  P6 [296.0, 308.5]
#    (4 different people, one at a time, each once; clock: P2 02:14:41.5-02:15:03.5, P5 02:16:18.5-02:16:46.0,
#    P1 02:17:38.7-02:17:52.5, P6 02:18:56.0-02:19:08.5, end 02:19:31.9)
#    stays: P2 22.0  P5 27.5 (the longest)  P1 13.8  P6 12.5 (the shortest);  occupied 75.8 s in all.
#    empty: [0, 41.5] 41.5  [63.5, 138.5] 75.0 (the longest)  [166.0, 218.7] 52.7  [232.5, 296.0] 63.5
#           [308.5, 331.9] 23.4.
#    windows: first minute [0, 60] P2 only; first two minutes [0, 120] P2 only; last two minutes
#    [211.9, 331.9] P1 + P6; last minute [271.9, 331.9] P6 only; first half [0, 165.95] P2 + P5 (P5 leaves
#    at 166.0, so "arrived in the first half" is the safe reading), second half P1 + P6.
ff -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=21.3:47,setpts=PTS-STARTPTS,fps=10,tpad=start_mode=clone:start_duration=40:stop_mode=clone:stop_duration=70[b];\
[1:v]trim=89.5:121.5,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=45[e];\
[2:v]trim=0:21.3,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=60[a];\
[3:v]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=20[f];\
[b][e][a][f]concat=n=4:v=1:a=0,fps=10,hue=s=0,eq=contrast=1.15:gamma=1.2,scale=384:216,noise=alls=20:allf=t+u,\
scale=768:432:flags=bilinear,format=yuv420p,trim=end=331.9[v]" \
  -map "[v]" "${enc[@]}" -crf 24 "$out/night-lobby-ir.mp4"

# 3. pharmacy-shelf-reordered.mp4 (73.9 s, 30 fps, 640x360): the bottle clip slightly zoomed onto the bench
#    (crop 576x324 at (32, 18), scaled back to 640x360; all three bottles stay in view) with a warm colour
#    temperature (colortemperature=3600), its parts in a new order, every cut with three bottles standing
#    and no hand in view: the frame at 29.5 held 12 s, D = [29.5, 39.855) (one take, its put-back),
#    C = [14.5, 29.5) (two taken together, put back one at a time) with its last frame held 25 s, then
#    B = [3.0, 14.5) (one take, its put-back).
#    truth: hold [0, 12);  D r = 12 + (t - 29.5) [12, 22.355);  C r = 22.355 + (t - 14.5) [22.355, 37.355);
#           hold [37.355, 62.355);  B r = 62.355 + (t - 3.0) [62.355, 73.855).
#    events: take (1, the right bottle) 14.0; put back (1) 18.0; two taken together (left and middle) 25.2;
#            put back (1, middle) 30.2; put back (1, left) 35.5; take (1, left) 66.1; put back (1) 70.9.
#    (take events 3, bottles taken 4; put-back events 4, bottles put back 4; 3 bottles at start and end)
#    bottles standing: 3 [0, 14.0]  2 [14.0, 18.0]  3 [18.0, 25.2]  1 [25.2, 30.2]  2 [30.2, 35.5]
#                      3 [35.5, 66.1] (30.6 s, incl. the 25 s hold; the longest)  2 [66.1, 70.9]
#                      3 [70.9, 73.9].  Fewest: 1 (5.0 s).  Fewer than three: 4.0 + 10.3 + 4.8 = 19.1 s.
#    on a 2 fps sheet of the output the hand is in view at 13.5-14.0, 17.5-18.5, 23.5-25.0, 30.0-32.0,
#    35.0-36.5, 65.0-66.0 and 70.5-72.5, and nowhere in [0, 13.0], [19.0, 23.0], [37.0, 64.5] or after 73.0.
ff -i "$shelf" -i "$shelf" -i "$shelf" -filter_complex \
  "[0:v]trim=29.5:39.855,setpts=PTS-STARTPTS,fps=30,tpad=start_mode=clone:start_duration=12[d];\
[1:v]trim=14.5:29.5,setpts=PTS-STARTPTS,fps=30,tpad=stop_mode=clone:stop_duration=25[c];\
[2:v]trim=3:14.5,setpts=PTS-STARTPTS,fps=30[b];\
[d][c][b]concat=n=3:v=1:a=0,fps=30,crop=576:324:32:18,scale=640:360,setsar=1,colortemperature=temperature=3600,\
format=yuv420p,trim=end=73.855[v]" \
  -map "[v]" "${enc[@]}" "$out/pharmacy-shelf-reordered.mp4"

# 4. service-lane-portrait.mp4 (228.7 s, 12 fps, 270x480): the parking-lot clip turned 90 degrees clockwise
#    (transpose=1, a portrait "corridor mode" camera): stills of the empty lot (empty_lot, turned the same
#    way) with four passes of the car at normal speed: empty 25 s; pass forwards (3.417 s; the car comes in
#    on the left and leaves at the top); empty 50 s; pass backwards (the car comes in at the top and leaves
#    on the left); empty 10 s; pass forwards; empty 100 s; pass backwards; empty 30 s.
#    truth: car in view [25.0, 28.417] [78.417, 81.833] [91.833, 95.25] [195.25, 198.667] (4 passes of the
#    same silver car; clock 11:02:25.0, 11:03:18.4, 11:03:31.8, 11:05:15.3; end 11:05:48.7);
#    no vehicle [0, 25.0] 25 s, [28.417, 78.417] 50 s, [81.833, 91.833] 10 s (the shortest),
#    [95.25, 195.25] 100 s (the longest), [198.667, 228.667] 30 s; a car in view 13.67 s in all.
#    A walker and a cyclist cross the far side of the lot during each pass (not used in the set).
empty_lot "$tmp/empty-lot.png"
ff -i "$lot" -loop 1 -framerate 12 -i "$tmp/empty-lot.png" -filter_complex \
  "[0:v]setpts=PTS-STARTPTS,fps=12,format=yuv420p,split=4[a1][a2][a3][a4];\
[a1]setpts=PTS-STARTPTS[c1];[a2]reverse,setpts=PTS-STARTPTS[c2];[a3]setpts=PTS-STARTPTS[c3];\
[a4]reverse,setpts=PTS-STARTPTS[c4];\
[1:v]format=yuv420p,split=5[e0][e1][e2][e3][e4];\
[e0]trim=duration=25,setpts=PTS-STARTPTS[g0];[e1]trim=duration=50,setpts=PTS-STARTPTS[g1];\
[e2]trim=duration=10,setpts=PTS-STARTPTS[g2];[e3]trim=duration=100,setpts=PTS-STARTPTS[g3];\
[e4]trim=duration=30,setpts=PTS-STARTPTS[g4];\
[g0][c1][g1][c2][g2][c3][g3][c4][g4]concat=n=9:v=1:a=0,transpose=1,setsar=1,fps=12,trim=end=228.67[v]" \
  -map "[v]" "${enc[@]}" "$out/service-lane-portrait.mp4"

# 5. press-shop-floor.mp4 (133.4 s, 15 fps, 480x270): the worker-zone clip between stills of the empty floor
#    (the clip's last frame with the area where the worker stands, x 60-180 / y 40-260, taken from frame 0,
#    where he is elsewhere): empty 15 s; pass A forwards (4.733 s: he appears at the bottom edge close to the
#    camera and walks away to the far left-middle); empty 30 s; pass B backwards at half speed (9.467 s: he
#    appears far away and walks towards the camera, out at the bottom edge); empty 40 s; pass C forwards,
#    backwards, forwards at normal speed (14.2 s: walks away, comes back to the camera, walks away again);
#    empty 20 s.
#    truth: worker in view A [15.0, 19.733] 4.73 s  B [49.733, 59.2] 9.47 s  C [99.2, 113.4] 14.2 s (the
#    longest); 3 visits by the same worker (hard hat, orange vest), never more than one person;
#    clock 22:40:15.0-22:40:19.7, 22:40:49.7-22:40:59.2, 22:41:39.2-22:41:53.4, end 22:42:13.4;
#    empty [0, 15.0] 15  [19.733, 49.733] 30  [59.2, 99.2] 40 (the longest)  [113.4, 133.4] 20;
#    someone in view 28.4 s in all.
ff -i "$src/worker-zone-detection.mp4" -filter_complex \
  "[0:v]split=2[w0][w1];[w0]select='eq(n\,70)',setpts=0[last];[w1]select='eq(n\,0)',crop=120:220:60:40,setpts=0[patch];\
[last][patch]overlay=60:40:eof_action=repeat" -frames:v 1 "$tmp/empty-floor.png"
ff -i "$src/worker-zone-detection.mp4" -loop 1 -framerate 15 -i "$tmp/empty-floor.png" -filter_complex \
  "[0:v]setpts=PTS-STARTPTS,fps=15,format=yuv420p,split=5[w1][w2][w3][w4][w5];\
[w1]setpts=PTS-STARTPTS[pa];[w2]reverse,setpts=2*(PTS-STARTPTS),fps=15[pb];\
[w3]setpts=PTS-STARTPTS[pc1];[w4]reverse,setpts=PTS-STARTPTS[pc2];[w5]setpts=PTS-STARTPTS[pc3];\
[1:v]format=yuv420p,split=4[e0][e1][e2][e3];\
[e0]trim=duration=15,setpts=PTS-STARTPTS[g0];[e1]trim=duration=30,setpts=PTS-STARTPTS[g1];\
[e2]trim=duration=40,setpts=PTS-STARTPTS[g2];[e3]trim=duration=20,setpts=PTS-STARTPTS[g3];\
[g0][pa][g1][pb][g2][pc1][pc2][pc3][g3]concat=n=9:v=1:a=0,setsar=1,fps=15,trim=end=133.4[v]" \
  -map "[v]" "${enc[@]}" "$out/press-shop-floor.mp4"

finish
