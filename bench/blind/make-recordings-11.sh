#!/usr/bin/env bash
# Makes the recordings of the eleventh blind set (bench/blind/set-2026-11-29k.json) from the shared clips.
# Usage: bench/blind/make-recordings-11.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind11)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md; the
# README is copied beside the recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings{,-2,...,-10}.sh: the table clip in a 9:16 portrait crop (243x432 at x 330,
# scaled to 360x640, a phone-style / corridor view in which people are cut off at the sides as they come and
# go) played 1.5x fast, with one woman's visit played twice in a row (she leaves and is back 3.5 s later); the
# table clip as an NVR export (the picture shrunk to 640x360 and letterboxed into a black 768x576 frame with a
# burned-in running clock that matches the set's clock and a channel label) with one visit slowed 2x and the
# first visitor coming back at the end; the table clip in grayscale, pixelated to a 128x72 mosaic (nearest-
# neighbour upscale) at 3 fps and coded at crf 30; the bottle clip rotated 180 degrees (a camera mounted upside
# down) at 1.2x with its first take/put-back part played three times and the one-bottle moment held 12 s; the
# parking-lot clip mirrored left-right (its bottom 8 px cut away) with four passes (0.3x, 0.3x backwards, 1x,
# 0.5x backwards) between stills of the empty lot with gaps of 9/40/16/70/22 s.
# Source timelines (test/fixtures/truth.ts, refined in make-recordings-7.sh..-10.sh): in-view intervals of the
# table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7]
# [92.3, 119.8] [123.5, 136.0]; the table is empty at the cut points used below (0, 21.3, 47, 72, 89.5, 121.5,
# 139.3). Bottles on the bench (left, middle, right): 3 until the left one is taken at 6.7, back at 11.5; the
# left and middle ones taken together at 17.3; the middle one back at 22.3, the left one back at 27.6; the
# right one taken at 31.5, back at 35.5; 3 to the end (39.855); no hand in view at 3.0, 14.5, 19.5, 29.5 (the
# cut and freeze points) nor after 37.0. The parking-lot clip (3.417 s, 41 frames at 12 fps) has the silver car
# in view in every frame; a walker and a cyclist cross the far (top) side during each pass, never in the
# stills of the empty lot (the set asks nothing about them).
# Every output was checked after it was made on frame sheets with timestamps (ffmpeg fps=1/2/3/5/6 + drawtext
# + tile, edges enlarged): the intervals and counts written below are the ones read there (to within 0.3 s).
# Cameras and start times in the set (clock time = start + recording seconds):
#   tram-depot-kiosk-portrait -> tram-depot-kiosk 2026-12-15T06:41:34Z; ski-rental-counter-nvr ->
#   ski-rental-counter 2026-12-16T13:58:05Z (the burned-in clock shows the same times); laundromat-folding-mosaic
#   -> laundromat-folding-table 2026-12-18T22:29:10Z; wine-bar-backshelf-inverted -> wine-bar-backshelf
#   2026-12-19T19:59:15Z; car-wash-exit-mirrored-slow -> car-wash-exit 2026-12-21T10:46:35Z.
# Clothes (test/fixtures/appearance.ts): P1 long grey cardigan (grey skirt, dark leggings), P2 black jacket +
# dark jeans, P3 black top + black trousers (long blonde hair), P4 black T-shirt + black trousers, P5 grey
# cardigan + dark navy jeans (long dark hair), P6 light grey shirt + blue jeans (short hair, a man); the lot's
# car is silver.
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind11}"
thr=(-threads 1 -filter_threads 1)
mono=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf   # the NVR overlay's font (fonts-dejavu-core)

# 1. tram-depot-kiosk-portrait.mp4 (119.4 s, 10 fps, 360x640): the table clip cropped to a 9:16 portrait
#    strip (243x432 at x 330, around the table), scaled to 360x640, 1.5x fast. Parts (source speed, then
#    all sped up 1.5x): the frame at 21.3 (empty) held 6 s, B = [21.3, 47) (P2), E = [89.5, 121.5) (P5),
#    E again (P5 again), its last frame held 37.5 s, C = [47, 72) (P3), F = [121.5, 139.4) (P6), its last
#    frame held 3 s. P1 and P4 never appear.
#    truth: hold [0, 4);  B r = (6 + t - 21.3) / 1.5 [4, 21.13);  E r = (31.7 + t - 89.5) / 1.5 [21.13, 42.47);
#           E r = (63.7 + t - 89.5) / 1.5 [42.47, 63.8);  hold [63.8, 88.8);  C r = (133.2 + t - 47) / 1.5
#           [88.8, 105.47);  F r = (158.2 + t - 121.5) / 1.5 [105.47, 117.4);  hold [117.4, 119.4].
#    visits (read on 1 and 5 fps sheets; the narrow crop cuts people off about 0.3-0.6 s earlier than the
#    mapping says): P2 [5.2, 19.3]  P5 [23.0, 40.7]  P5 [44.2, 62.1]  P3 [91.2, 103.7]  P6 [107.0, 114.7]
#    (5 visits by 4 different people, one at a time; P5, the woman in the grey cardigan, twice, away 3.5 s;
#    clock P2 06:41:39.2-06:41:53.3, P5 06:41:57.0-06:42:14.7, P5 06:42:18.2-06:42:36.1,
#    P3 06:43:05.2-06:43:17.7, P6 06:43:21.0-06:43:28.7, end 06:43:33.4)
#    stays: P2 14.1  P5 17.7  P5 17.9  P3 12.5  P6 7.7 (the shortest);  occupied 69.9 s in all.
#    empty: [0, 5.2] 5.2  [19.3, 23.0] 3.7  [40.7, 44.2] 3.5  [62.1, 91.2] 29.1 (the longest)
#           [103.7, 107.0] 3.3  [114.7, 119.4] 4.7.
#    windows: before 06:42 (r 26) P2, P5 arrive; 06:42-06:43 (r 26-86) P5's second visit arrives;
#    after 06:43 P3, P6 arrive; last minute [59.4, 119.4] P5 (leaves 62.1), P3, P6.
ff -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=21.3:47,setpts=PTS-STARTPTS,fps=10,tpad=start_mode=clone:start_duration=6[b];\
[1:v]trim=89.5:121.5,setpts=PTS-STARTPTS,fps=10[e1];\
[2:v]trim=89.5:121.5,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=37.5[e2];\
[3:v]trim=47:72,setpts=PTS-STARTPTS,fps=10[c];\
[4:v]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=3[f];\
[b][e1][e2][c][f]concat=n=5:v=1:a=0,setpts=(PTS-STARTPTS)/1.5,fps=10,crop=243:432:330:0,scale=360:640,\
setsar=1,format=yuv420p,trim=end=119.4[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/tram-depot-kiosk-portrait.mp4"

# 2. ski-rental-counter-nvr.mp4 (175.3 s, 10 fps, 768x576): an NVR export: the table scene scaled to 640x360
#    at (64, 108) in a black 768x576 frame, a burned-in clock (white, top left, YYYY-MM-DD HH:MM:SS, the
#    set's clock: 13:58:05 at r 0) and the label "CH03  SKI RENTAL  REC" below the picture. Parts:
#    A = [0, 21.3) (P1), D = [72, 89.5) (P4) slowed 2x with its last frame held 40 s, B = [21.3, 47) (P2),
#    E = [89.5, 121.5) (P5), A again (P1 again). P3 and P6 never appear.
#    truth: A r = t [0, 21.3);  D r = 21.3 + 2 (t - 72) [21.3, 56.3);  hold [56.3, 96.3);
#           B r = 96.3 + (t - 21.3) [96.3, 122.0);  E r = 122.0 + (t - 89.5) [122.0, 154.0);
#           A r = 154.0 + t [154.0, 175.3].
#    visits (read on 0.5 and 5 fps sheets): P1 [6.0, 19.9]  P4 [26.3, 51.5] (slow motion)  P2 [97.8, 120.1]
#            P5 [124.6, 152.5]  P1 [160.0, 173.9]   (5 visits by 4 different people, one at a time; P1, the
#            first customer, comes back last; clock P1 13:58:11.0-13:58:24.9, P4 13:58:31.3-13:58:56.5,
#            P2 13:59:42.8-14:00:05.1, P5 14:00:09.6-14:00:37.5, P1 14:00:45.0-14:00:58.9, end 14:01:00.3)
#    stays: P1 13.9  P4 25.2 (the second longest)  P2 22.3  P5 27.9 (the longest)  P1 13.9;
#           occupied 103.2 s in all; 3 visits longer than 20 s.
#    empty: [0, 6.0] 6.0  [19.9, 26.3] 6.4  [51.5, 97.8] 46.3 (the longest)  [120.1, 124.6] 4.5
#           [152.5, 160.0] 7.5  [173.9, 175.3] 1.4.
#    windows: before 13:59 (r 55) P1, P4; 13:59-14:00 (r 55-115) P2 arrives; after 14:00 (r 115) P2 leaves,
#    P5 and P1 arrive; first minute P1, P4; last 90 s [85.3, 175.3] P2, P5, P1.
ff -i "$table" -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=0:21.3,setpts=PTS-STARTPTS,fps=10[a1];\
[1:v]trim=72:89.5,setpts=2*(PTS-STARTPTS),fps=10,tpad=stop_mode=clone:stop_duration=40[d];\
[2:v]trim=21.3:47,setpts=PTS-STARTPTS,fps=10[b];\
[3:v]trim=89.5:121.5,setpts=PTS-STARTPTS,fps=10[e];\
[4:v]trim=0:21.3,setpts=PTS-STARTPTS,fps=10[a2];\
[a1][d][b][e][a2]concat=n=5:v=1:a=0,fps=10,scale=640:360,setsar=1,pad=768:576:64:108:black,\
drawtext=fontfile=$mono:text='%{pts\:gmtime\:1797429485}':x=64:y=38:fontsize=30:fontcolor=white,\
drawtext=fontfile=$mono:text='CH03  SKI RENTAL  REC':x=64:y=500:fontsize=24:fontcolor=white@0.85,\
format=yuv420p,trim=end=175.3[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/ski-rental-counter-nvr.mp4"

# 3. laundromat-folding-mosaic.mp4 (168.0 s, 3 fps, 768x432): the table clip in grayscale, pixelated (scaled
#    down to 128x72 and back up with nearest-neighbour: 6x6 blocks), 3 fps, coded at crf 30. Parts: the frame
#    at 121.5 (empty) held 5 s, F = [121.5, 139.4) (P6), its last frame held 50 s, C = [47, 72) (P3),
#    D = [72, 89.5) (P4), its last frame held 15 s, B = [21.3, 47) (P2), its last frame held 12 s. P1 and P5
#    never appear.
#    truth: hold [0, 5);  F r = 5 + (t - 121.5) [5, 22.9);  hold [22.9, 72.9);  C r = 72.9 + (t - 47)
#           [72.9, 97.9);  D r = 97.9 + (t - 72) [97.9, 115.4);  hold [115.4, 130.4);
#           B r = 130.4 + (t - 21.3) [130.4, 156.1);  hold [156.1, 168.0].
#    visits (read on 0.5 and 3 fps sheets): P6 [7.0, 19.5]  P3 [76.3, 95.8]  P4 [100.7, 112.8]  P2 [132.0, 153.8]
#            (4 different people, one at a time, each once; clock P6 22:29:17.0-22:29:29.5,
#            P3 22:30:26.3-22:30:45.8, P4 22:30:50.7-22:31:02.8, P2 22:31:22.0-22:31:43.8, end 22:31:58.0)
#    stays: P6 12.5  P3 19.5  P4 12.1 (the shortest)  P2 21.8 (the longest);  occupied 65.9 s in all.
#    empty: [0, 7.0] 7.0  [19.5, 76.3] 56.8 (the longest)  [95.8, 100.7] 4.9  [112.8, 132.0] 19.2
#           [153.8, 168.0] 14.2.
#    windows: before 22:30 (r 50) P6; 22:30-22:31 (r 50-110) P3, P4 arrive; after 22:31 P4 leaves, P2 comes;
#    first minute P6; last two minutes [48, 168] P3, P4, P2. Three of the four wear black on top.
ff -i "$table" -i "$table" -i "$table" -i "$table" -filter_complex \
  "[0:v]trim=121.5:139.4,setpts=PTS-STARTPTS,fps=10,tpad=start_mode=clone:start_duration=5:stop_mode=clone:stop_duration=50[f];\
[1:v]trim=47:72,setpts=PTS-STARTPTS,fps=10[c];\
[2:v]trim=72:89.5,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=15[d];\
[3:v]trim=21.3:47,setpts=PTS-STARTPTS,fps=10,tpad=stop_mode=clone:stop_duration=12[b];\
[f][c][d][b]concat=n=4:v=1:a=0,fps=10,format=gray,scale=128:72:flags=area,scale=768:432:flags=neighbor,\
setsar=1,fps=3,format=yuv420p,trim=end=168.1[v]" \
  -map "[v]" -an -c:v libx264 -preset veryfast -crf 30 -pix_fmt yuv420p "${thr[@]}" "$out/laundromat-folding-mosaic.mp4"

# 4. wine-bar-backshelf-inverted.mp4 (82.33 s, 24 fps, 640x360): the bottle clip rotated 180 degrees
#    (hflip+vflip: the bottles stand upside down in the picture; the source's left bottle is on the right),
#    played 1.2x fast. Parts (source speed): the frame at 3.0 (three bottles, no hand) held 9 s,
#    B = [3.0, 14.5) three times (the source's left bottle taken and put back three times), C1 = [14.5, 19.5)
#    with the frame at 19.5 (one bottle, no hand) held 12 s, C2 = [19.5, 29.5), D = [29.5, 39.855), its last
#    frame held 18 s; all then sped up 1.2x.
#    truth: hold [0, 7.5);  B_k r = (9 + 11.5 k + t - 3) / 1.2 (k = 0, 1, 2) [7.5, 36.25);
#           C1 r = (43.5 + t - 14.5) / 1.2 [36.25, 40.42);  freeze [40.42, 50.42);  C2 r = (60.5 + t - 19.5)
#           / 1.2 [50.42, 58.75);  D r = (70.5 + t - 29.5) / 1.2 [58.75, 67.38);  hold [67.38, 82.33].
#    events as seen (picture positions; read on 1 and 5 fps sheets): right taken 10.7, back 14.8; right taken
#            20.3, back 24.6; right taken 29.9, back 34.0; middle and right taken together 38.8; middle back
#            52.8; right back 57.2; left taken 60.7, back 63.7 (clock 19:59:25.7, :29.8, :35.3, :39.6, :44.9,
#            :49.0, :53.8, 20:00:07.8, :12.2, :15.7, :18.7; end 20:00:37.33). Take events 5, bottles taken 6;
#            put-backs 6; 3 bottles at the start and at the end; never none.
#    bottles standing: 3 [0, 10.7]  2 [10.7, 14.8]  3 [14.8, 20.3]  2 [20.3, 24.6]  3 [24.6, 29.9]
#                      2 [29.9, 34.0]  3 [34.0, 38.8]  1 [38.8, 52.8] (14.0 s)  2 [52.8, 57.2]  3 [57.2, 60.7]
#                      2 [60.7, 63.7]  3 [63.7, 82.33] (18.6 s, the longest with all three).
#                      Fewer than three: 4.1 + 4.3 + 4.1 + 18.4 + 3.0 = 33.9 s in all.
#    the hand is in view at about 9.8-11.0, 14.2-16.0, 19.4-20.5, 23.8-25.6, 28.8-30.2, 33.4-35.4, 37.2-39.0,
#    52.4-54.6, 57.0-58.4, 59.9-60.8, 63.2-64.8, and nowhere in [39.2, 52.2] or after 65.
#    windows: before 20:00 (r 45) 5 bottles taken (4 takes), 3 put back; after 20:00 3 put back, 1 taken.
ff -i "$shelf" -i "$shelf" -i "$shelf" -i "$shelf" -i "$shelf" -i "$shelf" -filter_complex \
  "[0:v]trim=3:14.5,setpts=PTS-STARTPTS,fps=30,tpad=start_mode=clone:start_duration=9[r1];\
[1:v]trim=3:14.5,setpts=PTS-STARTPTS,fps=30[r2];\
[2:v]trim=3:14.5,setpts=PTS-STARTPTS,fps=30[r3];\
[3:v]trim=14.5:19.5,setpts=PTS-STARTPTS,fps=30,tpad=stop_mode=clone:stop_duration=12[c1];\
[4:v]trim=19.5:29.5,setpts=PTS-STARTPTS,fps=30[c2];\
[5:v]trim=29.5:39.855,setpts=PTS-STARTPTS,fps=30,tpad=stop_mode=clone:stop_duration=18[d];\
[r1][r2][r3][c1][c2][d]concat=n=6:v=1:a=0,setpts=(PTS-STARTPTS)/1.2,fps=24,hflip,vflip,setsar=1,\
format=yuv420p,trim=end=82.35[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/wine-bar-backshelf-inverted.mp4"

# 5. car-wash-exit-mirrored-slow.mp4 (190.0 s, 12 fps, 480x262): the parking-lot clip mirrored left-right
#    (the car comes in at the bottom right and turns off to the right), its bottom 8 px cut away (a sliver of
#    the car left in the empty-lot still), with four passes of the silver car between stills of the empty
#    lot: empty 9 s; pass at 0.3x (11.39 s); empty 40 s; pass backwards at 0.3x (11.39 s); empty 16 s; pass
#    at 1x (3.42 s); empty 70 s; pass backwards at 0.5x (6.83 s); empty 22 s.
#    truth (read on 1 and 6 fps sheets): car in view [9.0, 20.3] [60.3, 71.7] [87.7, 91.1] [161.1, 167.9]
#    (4 passes of the same silver car, never two vehicles at once; clock 10:46:44.0-10:46:55.3,
#    10:47:35.3-10:47:46.7, 10:48:02.7-10:48:06.1, 10:49:16.1-10:49:22.9; end 10:49:45.0);  no vehicle
#    [0, 9.0] 9.0, [20.3, 60.3] 40.0, [71.7, 87.7] 16.0, [91.1, 161.1] 70.0 (the longest), [167.9, 190.0] 22.1;
#    a car in view 32.9 s in all (passes 11.3, 11.4, 3.4, 6.8).
#    windows: one pass per clock minute: before 10:47 (r 25), 10:47-10:48, 10:48-10:49 (r 85-145), after 10:49;
#    first two minutes 3 passes; last 15 s none.
empty_lot "$tmp/empty-lot.png"
ff -i "$lot" -loop 1 -framerate 12 -i "$tmp/empty-lot.png" -filter_complex \
  "[0:v]setpts=PTS-STARTPTS,fps=12,format=yuv420p,split=4[a1][a2][a3][a4];\
[a1]setpts=(PTS-STARTPTS)/0.3,fps=12[c1];[a2]reverse,setpts=(PTS-STARTPTS)/0.3,fps=12[c2];\
[a3]setpts=PTS-STARTPTS[c3];[a4]reverse,setpts=(PTS-STARTPTS)/0.5,fps=12[c4];\
[1:v]format=yuv420p,split=5[e0][e1][e2][e3][e4];\
[e0]trim=duration=9,setpts=PTS-STARTPTS[g0];[e1]trim=duration=40,setpts=PTS-STARTPTS[g1];\
[e2]trim=duration=16,setpts=PTS-STARTPTS[g2];[e3]trim=duration=70,setpts=PTS-STARTPTS[g3];\
[e4]trim=duration=22,setpts=PTS-STARTPTS[g4];\
[g0][c1][g1][c2][g2][c3][g3][c4][g4]concat=n=9:v=1:a=0,hflip,crop=480:262:0:0,setsar=1,fps=12,\
format=yuv420p,trim=end=190.0[v]" \
  -map "[v]" "${enc[@]}" "${thr[@]}" "$out/car-wash-exit-mirrored-slow.mp4"

finish
