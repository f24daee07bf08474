#!/usr/bin/env bash
# Makes the recordings of the tenth blind set (bench/blind/set-2026-11-28j.json) from the shared clips.
# Usage: bench/blind/make-recordings-10.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind10)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md).
# Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,...,-9}.sh: the table clip in a low-light look made with a curves
# filter (dark midtones, a faint blue cast, a vignette) with one visitor's stay stretched by a 45 s freeze-frame
# while he stands at the desk; a picture-in-picture monitor layout (the table scene full size with a second,
# shrunken copy of it at other times in a white-framed inset at the top left, so that two people are on
# screen at once twice); the table clip at 2x speed with its frame rate dropped to 4 fps (choppy) and cropped
# to a 4:3 part of the frame (576x432 at x 96), one woman coming twice; the bottle clip dropped to 10 fps in a
# magenta tint with moving grain, its parts in an order not used before (C, D, B) and the one-bottle moment
# frozen for 30 s; the parking-lot clip cropped to its lower-left corner (304x228 at (0, 42), where the car
# drives, without the walker and the cyclist) and zoomed 2x, soft focus (gblur), 6 fps, with four passes at
# 0.4x, 1x backwards, 0.7x backwards and 1x between stills of the empty lot.
# Source timelines (test/fixtures/truth.ts, refined in make-recordings-7.sh/-8.sh/-9.sh, checked again here on
# 1, 2 and 4 fps sheets of the sources): in-view intervals of the table clip's six people P1..P6 (source
# seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8] [123.5, 136.0]; the table is
# empty at the cut points used below (0, 21.3, 47, 72, 89.5, 121.5, 139.3); P2 stands still at the table at
# 34.0 (the freeze-frame). People walk in at the bottom (close to the camera) and leave at the right edge.
# Bottles on the bench (left, middle, right): 3 until the left one is taken at 6.7, back at 11.5; the left and
# middle ones taken together at 17.3; the middle one back at 22.3, the left one back at 27.6; the right one
# taken at 31.5, back at 35.5; 3 to the end (39.855); no hand in view at 3.0, 14.5, 19.5, 29.5 (the cut and
# freeze points) nor after 37.0. The parking-lot clip (3.417 s, 41 frames at 12 fps) has the silver car in
# view in every frame, also inside the lower-left crop used here (checked on a 12 fps sheet of the crop).
# Every output was checked after it was made on frame sheets with timestamps (ffmpeg fps=1/2/4/5/6 + tile):
# the intervals and counts written below are the ones read there (to within 0.3 s).
# Cameras and start times in the set (clock time = start + recording seconds):
#   harbour-ticket-desk-lowlight -> harbour-ticket-desk 2026-12-05T21:47:50Z; clinic-checkin-pip ->
#   clinic-checkin 2026-12-07T09:13:20Z; bike-repair-counter-choppy -> bike-repair-counter
#   2026-12-09T16:58:15Z; greenhouse-bench-tinted -> greenhouse-bench 2026-12-11T07:29:40Z;
#   ferry-ramp-corner -> ferry-ramp 2026-12-13T18:04:25Z.
# Clothes (test/fixtures/appearance.ts): P1 long grey cardigan (grey skirt, dark leggings), P2 black jacket +
# dark jeans, P3 black top + black trousers (long blonde hair), P4 black T-shirt + black trousers, P5 grey
# cardigan + dark navy jeans (long dark hair), P6 light grey shirt + blue jeans (short hair, a man); the
# lot's car is silver.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind10}"
thr=(-threads 1 -filter_threads 1)

# 1. harbour-ticket-desk-lowlight.mp4 (157.4 s, 10 fps, 768x432): the table clip in a low-light look
#    (curves all='0/0 0.35/0.17 0.7/0.45 1/0.78', a faint blue cast, saturation 0.8, a vignette; people stay
#    recognisable), parts in a new order: D = [72, 89.5) (P4), B = [21.3, 47) (P2) with the frame at 34.0
#    (P2 standing at the desk) frozen 45 s, F = [121.5, 139.4) (P6), its last frame (empty) held 30 s,
#    A = [0, 21.3) (P1). P3 and P5 never appear.
#    truth: D r = t - 72 [0, 17.5);  B r = 17.5 + (t - 21.3) [17.5, 30.2);  freeze [30.2, 75.2);
#           B r = 75.2 + (t - 34) [75.2, 88.2);  F r = 88.2 + (t - 121.5) [88.2, 106.1);  hold [106.1, 136.1);
#           A r = 136.1 + t [136.1, 157.4].
#    visits (read on a 5 fps sheet): P4 [2.6, 14.7]  P2 [19.0, 86.0]  P6 [90.2, 102.7]  P1 [142.1, 155.9]
#    (4 different people, one at a time, each once; clock P4 21:47:52.6-21:48:04.7, P2 21:48:09.0-21:49:16.0,
#    P6 21:49:20.2-21:49:32.7, P1 21:50:12.1-21:50:25.9, end 21:50:27.4)
#    stays: P4 12.1 (the shortest)  P2 67.0 (the longest; still for 45 s of it)  P6 12.5  P1 13.8;
#           occupied 105.4 s in all.
#    empty: [0, 2.6] 2.6  [14.7, 19.0] 4.3  [86.0, 90.2] 4.2  [102.7, 142.1] 39.4 (the longest)
#           [155.9, 157.4] 1.5.
#    windows: 21:48-21:49 (r 10-70) P4 (leaves 14.7) and P2; 21:49-21:50 (r 70-130) P2 (leaves 86.0), P6;
#    after 21:50 (r 130) P1 only; first minute P4 + P2; last minute [97.4, 157.4] P6 (leaves 102.7) + P1.
ff -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=72:89.5,setpts=PTS-STARTPTS,fps=10[d];\
[1:v]trim=21.3:34,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=45[b1];\
[2:v]trim=34:47,setpts=PTS-STARTPTS,fps=10[b2];\
[3:v]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=30[f];\
[4:v]trim=0:21.3,setpts=PTS-STARTPTS,fps=10[a];\
[d][b1][b2][f][a]concat=n=5:v=1:a=0,fps=10,curves=all='0/0 0.35/0.17 0.7/0.45 1/0.78',\
colorbalance=bs=0.06:bm=0.04,eq=saturation=0.8,vignette=angle=PI/4.5,format=yuv420p,trim=end=157.4[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/harbour-ticket-desk-lowlight.mp4"

# 2. clinic-checkin-pip.mp4 (118.3 s, 10 fps, 768x432): a picture-in-picture monitor layout: the table scene
#    full size, and a second copy of it at other times scaled to 320x180 in a 3 px white frame at (10, 10)
#    (over the window at the top left; it hides nobody of the big picture). Colours kept.
#    big picture: A = [0, 21.3) (P1), its last frame held 20 s, C = [47, 72) (P3), E = [89.5, 121.5) (P5),
#                 its last frame held 20 s.   truth: r = t [0, 21.3);  hold [21.3, 41.3);
#                 r = 41.3 + (t - 47) [41.3, 66.3);  r = 66.3 + (t - 89.5) [66.3, 98.3);  hold [98.3, 118.3].
#    inset:       the frame at 121.5 (empty) held 12 s, F = [121.5, 139.4) (P6), its last frame held 40 s,
#                 B = [21.3, 47) (P2), its last frame held to the end.   truth: hold [0, 12);
#                 r = 12 + (t - 121.5) [12, 29.9);  hold [29.9, 69.9);  r = 69.9 + (t - 21.3) [69.9, 95.6);
#                 hold [95.6, 118.3].
#    people on screen (read on 5 fps sheets, the inset cropped and enlarged): P1 [6.0, 19.8] (big)
#                 P6 [14.0, 26.5] (inset)  P3 [44.6, 64.0] (big)  P5 [69.1, 96.6] (big)  P2 [71.4, 93.5] (inset)
#    (5 different people, each once; arrival order P1, P6, P3, P5, P2; P4 never appears; clock P1
#    09:13:26.0-09:13:39.8, P6 09:13:34.0-09:13:46.5, P3 09:14:04.6-09:14:24.0, P5 09:14:29.1-09:14:56.6,
#    P2 09:14:31.4-09:14:53.5, end 09:15:38.3)
#    stays: P1 13.8  P6 12.5 (the shortest)  P3 19.4  P5 27.5 (the longest)  P2 22.1
#    people on screen over time: 0 [0, 6.0]  1 [6.0, 14.0]  2 [14.0, 19.8] (P1+P6)  1 [19.8, 26.5]
#                                0 [26.5, 44.6] (18.1)  1 [44.6, 64.0]  0 [64.0, 69.1] (5.1)  1 [69.1, 71.4]
#                                2 [71.4, 93.5] (P5+P2)  1 [93.5, 96.6]  0 [96.6, 118.3] (21.7, the longest)
#    two at once: 2 stretches, 5.8 + 22.1 = 27.9 s; never 3. Someone on screen 67.4 s in all.
#    windows: before 09:14:00 (r 40) P1, P6; 09:14-09:15 (r 40-100) P3, P5, P2; after 09:15 nobody.
ff -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=0:21.3,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=20[ma];\
[1:v]trim=47:72,setpts=PTS-STARTPTS,fps=10[mc];\
[2:v]trim=89.5:121.5,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=20.1[me];\
[3:v]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10,tpad=start_mode=clone:start_duration=12:stop_mode=clone:stop_duration=40[if];\
[4:v]trim=21.3:47,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=22.8[ib];\
[ma][mc][me]concat=n=3:v=1:a=0,fps=10,setsar=1,format=yuv420p[main];\
[if][ib]concat=n=2:v=1:a=0,fps=10,scale=320:180,pad=326:186:3:3:white,setsar=1,format=yuv420p[pip];\
[main][pip]overlay=10:10:shortest=1,fps=10,format=yuv420p,trim=end=118.3[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/clinic-checkin-pip.mp4"

# 3. bike-repair-counter-choppy.mp4 (130.0 s, 4 fps, 576x432): the table clip at 2x speed, its frame rate
#    dropped to 4 fps (choppy), cropped to a 4:3 part of the frame (576x432 at x 96: the window on the left and
#    a strip on the right cut away, so people leave the view about 0.3 s earlier), parts: the frame at 89.5
#    (empty) held, E = [89.5, 121.5) (P5), A = [0, 21.3) (P1), its last frame held, C = [47, 72) (P3), E again
#    (P5 again), its last frame held, F = [121.5, 139.4) (P6), its last frame held (holds at source speed 12,
#    60, 40 and 20 s, i.e. 6, 30, 20 and 10 s in the recording). P2 and P4 never appear.
#    truth: hold [0, 6);  E r = 6 + (t - 89.5) / 2 [6, 22);  A r = 22 + t / 2 [22, 32.65);  hold [32.65, 62.65);
#           C r = 62.65 + (t - 47) / 2 [62.65, 75.15);  E r = 75.15 + (t - 89.5) / 2 [75.15, 91.15);
#           hold [91.15, 111.15);  F r = 111.15 + (t - 121.5) / 2 [111.15, 120.1);  hold [120.1, 130.0].
#    visits (read on a 4 fps sheet): P5 [7.3, 20.8]  P1 [24.8, 31.6]  P3 [64.1, 73.8]  P5 [76.5, 90.0]
#            P6 [112.1, 118.1]   (5 visits by 4 different people, one at a time; P5, the woman in the grey
#            cardigan and jeans, comes twice, away 55.7 s between; clock P5 16:58:22.3-16:58:35.8,
#            P1 16:58:39.8-16:58:46.6, P3 16:59:19.1-16:59:28.8, P5 16:59:31.5-16:59:45.0,
#            P6 17:00:07.1-17:00:13.1, end 17:00:25.0)
#    stays: P5 13.5 + 13.5 = 27.0  P1 6.8  P3 9.7  P6 6.0 (the shortest);  occupied 49.5 s in all.
#    empty: [0, 7.3] 7.3  [20.8, 24.8] 4.0  [31.6, 64.1] 32.5 (the longest)  [73.8, 76.5] 2.7
#           [90.0, 112.1] 22.1  [118.1, 130.0] 11.9.
#    windows: first minute P5, P1; 16:59-17:00 (r 45-105) P3, P5; last 30 s [100, 130] P6 only.
ff -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=89.5:121.5,setpts=PTS-STARTPTS,fps=10,tpad=start_mode=clone:start_duration=12[e1];\
[1:v]trim=0:21.3,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=60[a];\
[2:v]trim=47:72,setpts=PTS-STARTPTS,fps=10[c];\
[3:v]trim=89.5:121.5,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=40[e2];\
[4:v]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=20[f];\
[e1][a][c][e2][f]concat=n=5:v=1:a=0,setpts=(PTS-STARTPTS)/2,fps=4,crop=576:432:96:0,setsar=1,\
format=yuv420p,trim=end=130.1[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/bike-repair-counter-choppy.mp4"

# 4. greenhouse-bench-tinted.mp4 (102.9 s, 10 fps, 640x360): the bottle clip dropped to 10 fps, in a magenta
#    tint (colorbalance) with moving grain, its parts in the order C, D, B: the frame at 14.5 (three bottles,
#    no hand) held 8 s, C = [14.5, 29.5) with the frame at 19.5 (one bottle standing, no hand) frozen 30 s,
#    D = [29.5, 39.855), its last frame held 20 s, B = [3.0, 14.5), its last frame held 8 s.
#    truth: hold [0, 8);  C r = 8 + (t - 14.5) [8, 13);  freeze [13, 43);  C r = 43 + (t - 19.5) [43, 53);
#           D r = 53 + (t - 29.5) [53, 63.355);  hold [63.355, 83.355);  B r = 83.355 + (t - 3) [83.355,
#           94.855);  hold [94.855, 102.855].
#    events (read on a 5 fps sheet): left and middle taken together 11.0; middle back 45.9; left back 51.1;
#            right taken 55.2; right back 59.0; left taken 87.2; left back 91.9
#            (clock 07:29:51.0, 07:30:25.9, 07:30:31.1, 07:30:35.2, 07:30:39.0, 07:31:07.2, 07:31:11.9;
#            end 07:31:22.9).  Take events 3, bottles taken 4; put-back events 4, bottles put back 4;
#            3 bottles at the start and at the end; never none.
#    bottles standing: 3 [0, 11.0]  1 [11.0, 45.9] (34.9 s, the fewest)  2 [45.9, 51.1]  3 [51.1, 55.2]
#                      2 [55.2, 59.0]  3 [59.0, 87.2] (28.2 s, the longest with all three)  2 [87.2, 91.9]
#                      3 [91.9, 102.9].  Fewer than three: 34.9 + 5.2 + 3.8 + 4.7 = 48.6 s in all.
#    the hand is in view at about 9.2-11.3, 45.4-46.8, 50.5-52.3, 54.5-55.5, 58.5-60.1, 86.1-87.4, 91.5-93.3,
#    and nowhere in [12, 44], [61, 85] or after 94.
#    windows: 07:29:40-07:30 two taken; 07:30-07:31 (r 20-80) three put back, one taken; after 07:31 one
#    taken, one put back.
ff -i "$shelf" -i "$shelf" -i "$shelf" -i "$shelf" -filter_complex \
  "[0:v]trim=14.5:19.5,setpts=PTS-STARTPTS,fps=30,tpad=start_mode=clone:start_duration=8:stop_mode=clone:stop_duration=30[c1];\
[1:v]trim=19.5:29.5,setpts=PTS-STARTPTS,fps=30[c2];\
[2:v]trim=29.5:39.855,setpts=PTS-STARTPTS,fps=30,tpad=stop_mode=clone:stop_duration=20[d];\
[3:v]trim=3:14.5,setpts=PTS-STARTPTS,fps=30,tpad=stop_mode=clone:stop_duration=8[b];\
[c1][c2][d][b]concat=n=4:v=1:a=0,fps=10,colorbalance=rm=0.07:gm=-0.07:bm=0.07:rh=0.04:gh=-0.04:bh=0.04,\
noise=alls=12:allf=t,setsar=1,format=yuv420p,trim=end=102.85[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/greenhouse-bench-tinted.mp4"

# 5. ferry-ramp-corner.mp4 (190.3 s, 6 fps, 608x456): the parking-lot clip cropped to its lower-left corner
#    (304x228 at (0, 42): the part the car drives through; the walker and the cyclist at the top stay out of
#    view) and scaled 2x, soft focus (gblur sigma 1.3, a dirty lens), 6 fps, with four passes of the silver
#    car between stills of the empty lot (empty_lot, cropped the same way): empty 14 s; pass at 0.4x
#    (8.54 s); empty 38 s; pass backwards at 1x (3.42 s, the car comes in on the left and drives out at the
#    bottom); empty 7 s; pass backwards at 0.7x (4.88 s); empty 85 s; pass at 1x (3.42 s); empty 26 s.
#    truth (read on a 6 fps sheet): car in view [14.0, 22.4] [60.5, 63.7] [70.8, 75.6] [160.6, 164.1]
#    (4 passes of the same silver car, never two vehicles at once, no person in view at any time; clock
#    18:04:39.0-18:04:47.4, 18:05:25.5-18:05:28.7, 18:05:35.8-18:05:40.6, 18:07:05.6-18:07:09.1; end
#    18:07:35.3);  no vehicle [0, 14.0] 14.0, [22.4, 60.5] 38.1, [63.7, 70.8] 7.1 (the shortest),
#    [75.6, 160.6] 85.0 (the longest), [164.1, 190.3] 26.2;  a car in view 19.9 s in all.
#    windows: before 18:05 (r 35) 1 pass; 18:05-18:06 2; 18:06-18:07 none; after 18:07 1; first two minutes 3;
#    last minute [130.3, 190.3] 1; last 20 s none.
empty_lot "$tmp/empty-lot.png"
ff -i "$lot" -loop 1 -framerate 12 -i "$tmp/empty-lot.png" -filter_complex \
  "[0:v]setpts=PTS-STARTPTS,fps=12,format=yuv420p,split=4[a1][a2][a3][a4];\
[a1]setpts=(PTS-STARTPTS)/0.4,fps=12[c1];[a2]reverse,setpts=PTS-STARTPTS[c2];\
[a3]reverse,setpts=(PTS-STARTPTS)/0.7,fps=12[c3];[a4]setpts=PTS-STARTPTS[c4];\
[1:v]format=yuv420p,split=5[e0][e1][e2][e3][e4];\
[e0]trim=duration=14,setpts=PTS-STARTPTS[g0];[e1]trim=duration=38,setpts=PTS-STARTPTS[g1];\
[e2]trim=duration=7,setpts=PTS-STARTPTS[g2];[e3]trim=duration=85,setpts=PTS-STARTPTS[g3];\
[e4]trim=duration=26,setpts=PTS-STARTPTS[g4];\
[g0][c1][g1][c2][g2][c3][g3][c4][g4]concat=n=9:v=1:a=0,crop=304:228:0:42,scale=608:456,gblur=sigma=1.3,\
setsar=1,fps=6,format=yuv420p,trim=end=190.25[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/ferry-ramp-corner.mp4"

finish
