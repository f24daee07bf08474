#!/usr/bin/env bash
# Makes the recordings of the third blind set (bench/blind/set-2026-11-27c.json) from the shared clips.
# Usage: bench/blind/make-recordings-3.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind3)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, CC BY 4.0, see its README.md).
# Override the source directory with VIDEOS=DIR.
# Recipes differ from make-recordings.sh and make-recordings-2.sh: the table clip is played backwards then
# forwards; the table clip is cropped and played at three speeds with a still pause; the bottle clip is
# played slowed, held, then mirrored and sped up; the parking-lot clip is played four times (forward,
# mirrored, reversed, mirrored+reversed, at three speeds) between stills of the empty lot; and two parts
# of the table clip are joined around the factory-floor clip, all mirrored.
# Truth (seconds of the source clip -> seconds of the recording) is written beside each recipe. Source
# timelines: test/fixtures/truth.ts, refined on 5 fps contact sheets to these in-view intervals of the
# table clip's six people: [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8] [123.5, 136.0];
# bottles on the bench (source seconds): 3 until a take at 6.7, 2 until a put-back at 11.5, 3 until two are
# taken together at 17.3, 1 until a put-back at 22.3, 2 until a put-back at 27.6, 3 until a take at 31.5,
# 2 until a put-back at 35.5, then 3 to the end (39.855).
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind3}"
floor="$src/worker-zone-detection.mp4"         # 4.733 s, 15 fps, 480x270 (the worker is in view in every frame)

# 1. table-back-and-forth.mp4 (231.8 s, 10 fps): the table clip's part [47, 139.4) played backwards (the
#    cut at 47 falls while nobody is there), then the whole clip [0, 139.4) forwards. The backwards part
#    ends on source second 47 and the forward part starts on source second 0, both with nobody there.
#    truth: backwards part r = 139.4 - t (t in [47, 139.4]);  forward part r = 92.4 + t.
#    people in view: P6 [3.4, 15.9]  P5 [19.6, 47.1]  P4 [52.7, 64.8]  P3 [69.7, 89.1]  (walking backwards)
#                    P1 [98.4, 112.2]  P2 [115.2, 137.2]  P3 [142.7, 162.1]  P4 [167.0, 179.1]
#                    P5 [184.7, 212.2]  P6 [215.9, 228.4]
ff -i "$table" -filter_complex \
  "[0:v]split[a][b];[a]trim=47:139.4,setpts=PTS-STARTPTS,reverse[back];[b]trim=0:139.4,setpts=PTS-STARTPTS[fwd];\
[back][fwd]concat=n=2:v=1:a=0,fps=10,trim=end=231.8[v]" \
  -map "[v]" "${enc[@]}" "$out/table-back-and-forth.mp4"

# 2. table-cropped-varispeed.mp4 (166.1 s, 10 fps, 640x432): the table clip with its left 128 columns (the
#    window) cropped away (nobody stands there), played in three parts: [0, 47) at 0.8x speed, then its last
#    frame (the empty table) held 20 s, then [47, 89.5) at 1.7x speed, then [89.5, 139.4) at 0.8x speed.
#    Both cuts fall while nobody is there.
#    truth: t < 47 -> 1.25 t;  47 <= t < 89.5 -> 78.75 + (t - 47) / 1.7;  t >= 89.5 -> 103.75 + 1.25 (t - 89.5).
#    people in view: P1 [7.5, 24.75]  P2 [28.5, 56.0]  P3 [80.69, 92.10]  P4 [94.99, 102.10]
#                    P5 [107.25, 141.63]  P6 [146.25, 161.88]
ff -i "$table" -filter_complex \
  "[0:v]crop=640:432:128:0,split=3[a][b][c];\
[a]trim=0:47,setpts=1.25*(PTS-STARTPTS),fps=10,tpad=stop_mode=clone:stop_duration=20[p1];\
[b]trim=47:89.5,setpts=(PTS-STARTPTS)/1.7,fps=10[p2];\
[c]trim=89.5:139.4,setpts=1.25*(PTS-STARTPTS),fps=10[p3];\
[p1][p2][p3]concat=n=3:v=1:a=0,fps=10,trim=end=166.1[v]" \
  -map "[v]" "${enc[@]}" "$out/table-cropped-varispeed.mp4"

# 3. shelf-slow-then-fast.mp4 (88.3 s, 30 fps): the bottle clip at 0.8x speed, its last frame (three bottles,
#    no hand) held 15 s, then the bottle clip mirrored left-right at 1.7x speed.
#    truth: first play r = 1.25 t (t in [0, 39.855]); hold [49.82, 64.82]; second play r = 64.82 + t / 1.7.
#    events, first play: take 8.38, put back 14.38, two taken 21.63, put back 27.88, put back 34.5,
#                        take 39.38, put back 44.38;
#           second play: take 68.76, put back 71.58, two taken 75.0, put back 77.94, put back 81.06,
#                        take 83.35, put back 85.70.
ff -i "$shelf" -filter_complex \
  "[0:v]split[a][b];[a]setpts=1.25*PTS,fps=30,tpad=stop_mode=clone:stop_duration=15[p1];\
[b]hflip,setpts=PTS/1.7,fps=30[p2];[p1][p2]concat=n=2:v=1:a=0,fps=30,trim=end=88.26[v]" \
  -map "[v]" "${enc[@]}" "$out/shelf-slow-then-fast.mp4"

# 4. lot-four-passes.mp4 (109.7 s, 12 fps): the parking-lot clip played four times, between stills of the
#    empty lot (made from frame 0 with the car's and the walker's areas taken from frame 40, where neither is):
#    empty 8 s; forward 2x slow (6.83 s); empty 20 s; mirrored 1.7x slow (5.81 s); empty 12 s;
#    reversed 2x slow (6.83 s); empty 30 s; mirrored and reversed 3x slow (10.25 s); empty 10 s.
#    truth: car in view [8.0, 14.83] [34.83, 40.64] [52.64, 59.48] [89.48, 99.73]; no car elsewhere.
empty_lot "$tmp/empty-lot.png"
ff -i "$lot" -loop 1 -framerate 12 -i "$tmp/empty-lot.png" -filter_complex \
  "[0:v]split=4[l1][l2][l3][l4];[1:v]format=yuv420p,split=5[e0][e1][e2][e3][e4];\
[e0]trim=duration=8,setpts=PTS-STARTPTS[g0];[e1]trim=duration=20,setpts=PTS-STARTPTS[g1];\
[e2]trim=duration=12,setpts=PTS-STARTPTS[g2];[e3]trim=duration=30,setpts=PTS-STARTPTS[g3];\
[e4]trim=duration=10,setpts=PTS-STARTPTS[g4];\
[l1]setpts=2*PTS,fps=12,format=yuv420p[c1];[l2]hflip,setpts=1.7*PTS,fps=12,format=yuv420p[c2];\
[l3]reverse,setpts=2*PTS,fps=12,format=yuv420p[c3];[l4]hflip,reverse,setpts=3*PTS,fps=12,format=yuv420p[c4];\
[g0][c1][g1][c2][g2][c3][g3][c4][g4]concat=n=9:v=1:a=0,fps=12,trim=end=109.73[v]" \
  -map "[v]" "${enc[@]}" "$out/lot-four-passes.mp4"

# 5. hall-joined.mp4 (111.1 s, 10 fps, 768x432): the table clip's part [89.5, 139.4) mirrored, then the
#    factory-floor clip 3x slow and scaled to 768x432 (one worker in a hard hat and orange vest, in view
#    all the time), then the table clip's part [0, 47) mirrored. The cuts fall while nobody is at the table.
#    truth: first part r = t - 89.5; floor clip [49.9, 64.1]; last part r = 64.1 + t.
#    people in view: P5 [2.8, 30.3]  P6 [34.0, 46.5]  worker [49.9, 64.1]  P1 [70.1, 83.9]  P2 [86.9, 108.9]
ff -i "$table" -i "$floor" -filter_complex \
  "[0:v]split[a][b];[a]trim=89.5:139.4,setpts=PTS-STARTPTS,hflip[t1];[b]trim=0:47,setpts=PTS-STARTPTS,hflip[t2];\
[1:v]setpts=3*PTS,scale=768:432,setsar=1,fps=10[w];[t1][w][t2]concat=n=3:v=1:a=0,fps=10,trim=end=111.1[v]" \
  -map "[v]" "${enc[@]}" "$out/hall-joined.mp4"

finish
