#!/usr/bin/env bash
# Makes the recordings of the ninth blind set (bench/blind/set-2026-11-27i.json) from the shared clips.
# Usage: bench/blind/make-recordings-9.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind9)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md).
# Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,...,-8}.sh: the table clip coded at a very low quality (crf 46, no
# deblocking: heavy blocking) with the same man coming three times after gaps of different length, his middle
# visit made longer by playing a stretch of his standing at the table back and forth; two copies of the table
# scene stacked top/bottom (a two-view "quad-style" monitor layout) in a cool blue tint, so that two people
# are on screen at once three times; all six people of the table clip in a new order under a slow
# PTZ-like zoom and pan (zoompan) in sepia, with clock-time windows across minute boundaries; the bottle
# clip tilted 6 degrees and letterboxed into 4:3 with its take/put-back parts repeated (the left bottle
# taken and returned four times, the right one twice); the parking-lot clip upside down (a ceiling-mounted
# camera, hflip+vflip) with passes at 0.5x and 1x, one of them backwards, between long stills of the empty
# lot.
# Source timelines (test/fixtures/truth.ts, refined in make-recordings-7.sh/-8.sh, checked again here on
# 1, 2 and 10 fps sheets of the sources): in-view intervals of the table clip's six people P1..P6 (source
# seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8] [123.5, 136.0]; the table is
# empty at the cut points used below (0, 21.3, 47, 72, 89.5, 121.5, 139.3); P6 stands still at the table
# from 125.5 to 133.5 (used for the back-and-forth stretch [126, 132]). Bottles on the bench (left, middle,
# right): 3 until the left one is taken at 6.7, back at 11.5; the left and middle ones taken together at
# 17.3; the middle one back at 22.3, the left one back at 27.6; the right one taken at 31.5, back at 35.5;
# 3 to the end (39.855); no hand in view at 3.0, 14.5, 29.5 (the cut points) nor after 37.0. The parking-lot
# clip (3.417 s, 41 frames at 12 fps) has the silver car in view in every frame.
# Every output was checked after it was made on frame sheets with timestamps (ffmpeg fps=1/2/5 + tile):
# the intervals and counts written below hold there to within 0.5 s.
# Cameras and start times in the set (clock time = start + recording seconds):
#   repair-kiosk-blocky -> repair-kiosk 2026-12-01T16:20:00Z; reception-stacked -> reception-dual
#   2026-11-30T12:05:00Z; museum-foyer-ptz -> museum-foyer 2026-12-02T08:58:50Z; staff-pantry-tilted ->
#   staff-pantry 2026-12-03T14:31:10Z; loading-yard-inverted -> loading-yard 2026-12-04T09:15:00Z.
# Clothes (test/fixtures/appearance.ts): P1 long grey cardigan (grey skirt, dark leggings), P2 black jacket +
# dark jeans, P3 black top + black trousers (long blonde hair), P4 black T-shirt + black trousers, P5 grey
# cardigan + dark navy jeans (long dark hair), P6 light grey shirt + blue jeans (short hair, a man); the
# lot's car is silver.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind9}"
thr=(-threads 1 -filter_threads 1)

# 1. repair-kiosk-blocky.mp4 (162.7 s, 10 fps, 768x432): the table clip coded at crf 46 with the deblocking
#    filter off (heavy blocking and smearing, a cheap camera on a thin uplink; people stay recognisable).
#    The frame at 121.5 (empty) held 10 s, F = [121.5, 139.4) (P6), its last frame held 20 s, C = [47, 72)
#    (P3), then P6 again with a longer stay: [121.5, 132) + [126, 132) played backwards + [126, 139.4) (he
#    stands at the table 12 s longer, swaying a little), last frame held 30 s, F a third time, last frame
#    held 12 s. P1, P2, P4, P5 never appear.
#    truth: hold [0, 10);  F r = 10 + (t - 121.5) [10, 27.9);  hold [27.9, 47.9);  C r = 47.9 + (t - 47)
#           [47.9, 72.9);  F' [72.9, 102.8) (P6 arrives 72.9 + 2.0, leaves 72.9 + 10.5 + 6 + 10.0);
#           hold [102.8, 132.8);  F r = 132.8 + (t - 121.5) [132.8, 150.7);  hold [150.7, 162.7].
#    visits: P6 [12.0, 24.5]  P3 [51.2, 70.6]  P6 [74.9, 99.4]  P6 [134.8, 147.3]
#    (4 visits by 2 different people, one at a time; P6, the man in the light grey shirt, comes three times)
#    stays: P6 12.5, 24.5 (the longest), 12.5 (49.5 in all);  P3 19.4;  occupied 68.9 s in all.
#    P6's gaps away: 50.4 s (24.5 -> 74.9, P3 comes and goes meanwhile) and 35.4 s (99.4 -> 134.8).
#    empty: [0, 12.0] 12.0  [24.5, 51.2] 26.7  [70.6, 74.9] 4.3  [99.4, 134.8] 35.4 (the longest)
#           [147.3, 162.7] 15.4 (nobody at the end).
ff -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10,tpad=start_mode=clone:start_duration=10:stop_mode=clone:stop_duration=20[f1];\
[1:v]trim=47:72,setpts=PTS-STARTPTS,fps=10[c];\
[2:v]trim=121.5:132,setpts=PTS-STARTPTS,fps=10[fa];\
[3:v]trim=126:132,setpts=PTS-STARTPTS,fps=10,reverse,setpts=PTS-STARTPTS[fb];\
[4:v]trim=126:139.4,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=30[fc];\
[5:v]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=12[f3];\
[f1][c][fa][fb][fc][f3]concat=n=6:v=1:a=0,fps=10,format=yuv420p,trim=end=162.7[v]" \
  -map "[v]" "${enc[@]}" -crf 46 -x264-params no-deblock=1 "${thr[@]}" "$out/repair-kiosk-blocky.mp4"

# 2. reception-stacked.mp4 (105.0 s, 10 fps, 640x728): two copies of the table scene, each scaled to 640x360,
#    stacked top and bottom with an 8 px black bar between them (a two-view monitor layout), in a cool blue
#    tint (colortemperature=10500, a little less saturation).
#    top view:    the table clip's part [0, 47) (P1, P2), its last frame (empty) held 33 s, D = [72, 89.5)
#                 (P4), its last frame held 7.5 s.   truth: r = t (t < 47);  hold [47, 80);
#                 r = 80 + (t - 72) [80, 97.5);  hold [97.5, 105].
#    bottom view: the frame at 89.5 (empty) held 12 s, E = [89.5, 121.5) (P5), its last frame held 30 s,
#                 F = [121.5, 139.4) (P6), its last frame held 13.1 s.   truth: hold [0, 12);
#                 r = 12 + (t - 89.5) [12, 44);  hold [44, 74);  r = 74 + (t - 121.5) [74, 91.9);  hold to 105.
#    people on screen: P1 [6.0, 19.8] (top)  P5 [14.8, 42.3] (bottom)  P2 [22.8, 44.8] (top)
#                      P6 [76.0, 88.5] (bottom)  P4 [82.6, 94.7] (top)
#    (5 different people, each once; arrival order P1, P5, P2, P6, P4; departures P1 19.8, P5 42.3,
#    P2 44.8, P6 88.5, P4 94.7; P3 never appears)
#    stays: P1 13.8  P5 27.5 (the longest)  P2 22.0  P6 12.5  P4 12.1 (the shortest, 0.4 s under P6)
#    people on screen over time: 0 [0, 6.0]  1 [6.0, 14.8]  2 [14.8, 19.8] (P1+P5)  1 [19.8, 22.8]
#                                2 [22.8, 42.3] (P2+P5)  1 [42.3, 44.8]  0 [44.8, 76.0]  1 [76.0, 82.6]
#                                2 [82.6, 88.5] (P6+P4)  1 [88.5, 94.7]  0 [94.7, 105.0]
#    two at once: 3 stretches, 5.0 + 19.5 + 5.9 = 30.4 s; never 3.  Nobody on screen: [0, 6.0] 6.0,
#    [44.8, 76.0] 31.2 (the longest), [94.7, 105.0] 10.3;  someone on screen 6.0 -> 44.8 (38.8 s) and
#    76.0 -> 94.7 (18.7 s), 57.5 s in all.  The top view is empty from 44.8 to 82.6; the bottom view is
#    empty until 14.8.
ff -i "$table" -i "$table" -i "$table" -i "$table" -f lavfi -i "color=c=black:s=640x8:r=10:d=105.1" -filter_complex \
  "[0:v]trim=0:47,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=33[ta];\
[1:v]trim=72:89.5,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=7.6[tb];\
[2:v]trim=89.5:121.5,setpts=PTS-STARTPTS,fps=10,tpad=start_mode=clone:start_duration=12:stop_mode=clone:stop_duration=30[ba];\
[3:v]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=13.2[bb];\
[ta][tb]concat=n=2:v=1:a=0,scale=640:360,setsar=1,format=yuv420p[top];\
[ba][bb]concat=n=2:v=1:a=0,scale=640:360,setsar=1,format=yuv420p[bot];\
[4:v]format=yuv420p,setsar=1[bar];\
[top][bar][bot]vstack=inputs=3:shortest=1,fps=10,colortemperature=temperature=10500,eq=saturation=0.85,\
format=yuv420p,trim=end=105.0[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/reception-stacked.mp4"

# 3. museum-foyer-ptz.mp4 (214.4 s, 10 fps, 768x432): all six people of the table clip in a new order, under
#    a slow PTZ-like zoom (1.0 -> 1.12 -> 1.0 every 120 s) and pan (the view drifts left and right across the
#    zoomed margin every 170 s) made with zoompan, in sepia (no colours to name). C = [47, 72) (P3), its last
#    frame held 15 s, A = [0, 21.3) (P1), E = [89.5, 121.5) (P5), its last frame held 40 s, B = [21.3, 47) (P2),
#    D = [72, 89.5) (P4), its last frame held 20 s, F = [121.5, 139.4) (P6).
#    truth: C r = t - 47 [0, 25);  hold [25, 40);  A r = 40 + t [40, 61.3);  E r = 61.3 + (t - 89.5)
#           [61.3, 93.3);  hold [93.3, 133.3);  B r = 133.3 + (t - 21.3) [133.3, 159.0);  D r = 159.0 +
#           (t - 72) [159.0, 176.5);  hold [176.5, 196.5);  F r = 196.5 + (t - 121.5) [196.5, 214.4].
#    visits: P3 [3.3, 22.7]  P1 [46.0, 59.8]  P5 [64.1, 91.6]  P2 [134.8, 156.8]  P4 [161.6, 173.7]
#            P6 [198.5, 211.0]  (6 different people, one at a time, each once; the zoom and pan move the
#            entry and exit moments by at most 0.5 s, checked on sheets of the output)
#    stays: P3 19.4  P1 13.8  P5 27.5 (the longest)  P2 22.0  P4 12.1  P6 12.5;  occupied 107.3 s in all.
#    empty: [0, 3.3] 3.3  [22.7, 46.0] 23.3  [59.8, 64.1] 4.3  [91.6, 134.8] 43.2 (the longest)
#           [156.8, 161.6] 4.8  [173.7, 198.5] 24.8  [211.0, 214.4] 3.4.
#    clock (start 08:58:50): 08:59:00 = 10, 09:00:00 = 70, 09:01:00 = 130, 09:02:00 = 190, end 09:02:24.4;
#    08:58:50-08:59:00 P3; 08:59-09:00 P3, P1, P5; 09:00-09:01 P5 only (already there, leaves 09:00:21.6);
#    09:01-09:02 P2, P4; after 09:02 P6.
ff -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=47:72,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=15[c];\
[1:v]trim=0:21.3,setpts=PTS-STARTPTS,fps=10[a];\
[2:v]trim=89.5:121.5,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=40[e];\
[3:v]trim=21.3:47,setpts=PTS-STARTPTS,fps=10[b];\
[4:v]trim=72:89.5,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=20[d];\
[5:v]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10[f];\
[c][a][e][b][d][f]concat=n=6:v=1:a=0,fps=10,\
zoompan=z='1+0.12*(1-cos(2*PI*in/1200))/2':x='(iw-iw/zoom)*(0.5+0.5*sin(2*PI*in/1700))':y='(ih-ih/zoom)/2':d=1:s=768x432:fps=10,\
colorchannelmixer=.393:.769:.189:0:.349:.686:.168:0:.272:.534:.131,setsar=1,format=yuv420p,trim=end=214.4[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/museum-foyer-ptz.mp4"

# 4. staff-pantry-tilted.mp4 (144.2 s, 30 fps, 640x480): the bottle clip tilted 6 degrees (rotate, black
#    corners; all three bottles and the hand stay in view) and letterboxed into 4:3 (60 px black bars above
#    and below), its parts repeated, every cut with three bottles standing and no hand in view:
#    B = [3.0, 14.5) (the left bottle taken, put back) with the frame at 3.0 held 6 s before it and its last
#    frame held 20 s after it; B again; D = [29.5, 39.855) (the right bottle taken, put back), its last frame
#    held 30 s; B a third time; C = [14.5, 29.5) (the left and middle bottles taken together, the middle one
#    put back, then the left one), its last frame held 12 s; D again, its last frame held 6 s.
#    truth: hold [0, 6);  B r = 6 + (t - 3) [6, 17.5);  hold [17.5, 37.5);  B r = 37.5 + (t - 3)
#           [37.5, 49.0);  D r = 49.0 + (t - 29.5) [49.0, 59.355);  hold [59.355, 89.355);  B r = 89.355 +
#           (t - 3) [89.355, 100.855);  C r = 100.855 + (t - 14.5) [100.855, 115.855);  hold [115.855,
#           127.855);  D r = 127.855 + (t - 29.5) [127.855, 138.21);  hold [138.21, 144.21].
#    events: left taken 9.7, back 14.5; left taken 41.2, back 46.0; right taken 51.0, back 55.0;
#            left taken 93.1, back 97.9; left + middle taken together 103.7, middle back 108.7,
#            left back 114.0; right taken 129.9, back 133.9.
#    (take events 6, bottles taken 7: the left bottle 4 times, the right 2, the middle once; put-back
#    events 7, bottles put back 7; 3 bottles at the start and at the end)
#    bottles standing: 3 [0, 9.7]  2 [9.7, 14.5]  3 [14.5, 41.2] (26.7 s)  2 [41.2, 46.0]  3 [46.0, 51.0]
#                      2 [51.0, 55.0]  3 [55.0, 93.1] (38.1 s, the longest)  2 [93.1, 97.9]
#                      3 [97.9, 103.7]  1 [103.7, 108.7] (the fewest, 5.0 s)  2 [108.7, 114.0]
#                      3 [114.0, 129.9]  2 [129.9, 133.9]  3 [133.9, 144.2].
#    fewer than three standing: 4.8 + 4.8 + 4.0 + 4.8 + 10.3 + 4.0 = 32.7 s in all.
#    on a 2 fps sheet of the output the hand (or a bottle moving in it) is in view at 9.0-9.5, 14.0-16.0,
#    40.0-41.0, 45.5-47.5, 50.0-51.0, 54.0-55.5, 92.0-93.0, 97.5-99.5, 102.0-103.5, 108.0-110.5,
#    113.5-115.0, 129.0-130.0, 133.0-134.5, and nowhere in [16.5, 39.5], [56.5, 91.5], [115.5, 128.5] or
#    after 135.0.
ff -i "$shelf" -i "$shelf" -i "$shelf" -i "$shelf" -i "$shelf" -i "$shelf" -filter_complex \
  "[0:v]trim=3:14.5,setpts=PTS-STARTPTS,fps=30,tpad=start_mode=clone:start_duration=6:stop_mode=clone:stop_duration=20[b1];\
[1:v]trim=3:14.5,setpts=PTS-STARTPTS,fps=30[b2];\
[2:v]trim=29.5:39.855,setpts=PTS-STARTPTS,fps=30,tpad=stop_mode=clone:stop_duration=30[d1];\
[3:v]trim=3:14.5,setpts=PTS-STARTPTS,fps=30[b3];\
[4:v]trim=14.5:29.5,setpts=PTS-STARTPTS,fps=30,tpad=stop_mode=clone:stop_duration=12[c];\
[5:v]trim=29.5:39.855,setpts=PTS-STARTPTS,fps=30,tpad=stop_mode=clone:stop_duration=6[d2];\
[b1][b2][d1][b3][c][d2]concat=n=6:v=1:a=0,fps=30,rotate=6*PI/180:fillcolor=black,\
pad=640:480:0:60:black,setsar=1,format=yuv420p,trim=end=144.21[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/staff-pantry-tilted.mp4"

# 5. loading-yard-inverted.mp4 (200.5 s, 12 fps, 480x270): the parking-lot clip upside down (hflip+vflip, a
#    camera mounted on the ceiling of a canopy) with four passes of the silver car between stills of the
#    empty lot (empty_lot, turned the same way): empty 40 s; pass at 0.5x speed (6.833 s); empty 25 s; pass
#    at 1x (3.417 s); empty 70 s; pass played backwards at 0.5x (6.833 s, the car drives the other way);
#    empty 15 s; pass at 1x (3.417 s); empty 30 s.
#    truth: car in view [40.0, 46.833] [71.833, 75.25] [145.25, 152.083] [167.083, 170.5] (4 passes of the
#    same silver car, never two vehicles at once; clock 09:15:40.0-09:15:46.8, 09:16:11.8-09:16:15.3,
#    09:17:25.3-09:17:32.1, 09:17:47.1-09:17:50.5; end 09:18:20.5);
#    no vehicle [0, 40.0] 40 s, [46.833, 71.833] 25 s, [75.25, 145.25] 70 s (the longest),
#    [152.083, 167.083] 15 s (the shortest), [170.5, 200.5] 30 s;  a car in view 20.5 s in all.
#    windows: first minute 1 pass; first two minutes 2; last minute [140.5, 200.5] 2; 09:16-09:17 1 (the
#    1x pass at 09:16:11.8); 09:17-09:18 2.  A walker and a cyclist cross the far side of the lot during
#    each pass (small; not used in the set).
empty_lot "$tmp/empty-lot.png"
ff -i "$lot" -loop 1 -framerate 12 -i "$tmp/empty-lot.png" -filter_complex \
  "[0:v]setpts=PTS-STARTPTS,fps=12,format=yuv420p,split=4[a1][a2][a3][a4];\
[a1]setpts=2*(PTS-STARTPTS),fps=12[c1];[a2]setpts=PTS-STARTPTS[c2];\
[a3]reverse,setpts=2*(PTS-STARTPTS),fps=12[c3];[a4]setpts=PTS-STARTPTS[c4];\
[1:v]format=yuv420p,split=5[e0][e1][e2][e3][e4];\
[e0]trim=duration=40,setpts=PTS-STARTPTS[g0];[e1]trim=duration=25,setpts=PTS-STARTPTS[g1];\
[e2]trim=duration=70,setpts=PTS-STARTPTS[g2];[e3]trim=duration=15,setpts=PTS-STARTPTS[g3];\
[e4]trim=duration=30,setpts=PTS-STARTPTS[g4];\
[g0][c1][g1][c2][g2][c3][g3][c4][g4]concat=n=9:v=1:a=0,hflip,vflip,setsar=1,fps=12,trim=end=200.5[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/loading-yard-inverted.mp4"

finish
