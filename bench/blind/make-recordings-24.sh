#!/usr/bin/env bash
# Makes the recordings of the twenty-fourth blind set (bench/blind/set-2026-12-12x.json) from the shared clips.
# Usage: bench/blind/make-recordings-24.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind24)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, "Sample videos" by Intel IoT DevKit,
# https://github.com/intel-iot-devkit/sample-videos, CC BY 4.0, see its README.md; the README is copied beside the
# recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# ONLY=NAME (a recording's file name without .mp4) remakes a single recording. REFERENCE=1 makes the check reference
# instead: every part replaced by the same number of frames of the empty scene, with the same look (write it to
# another OUTDIR).
# Recipes differ from make-recordings{,-2,...,-23}.sh (ordinary camera conditions, new part orders):
#   bistro-table-lowres-stamp: the table clip from a cheap low-resolution camera (scaled down to 480x270, area
#     filter), over-sharpened in the camera (unsharp 5x5 1.1: a light halo along every edge), faint moving sensor
#     noise, its own clock burned in small at the bottom right ("2028-01-06 23:58:50" at 0 s, the set's clock), 10 fps;
#     the recording runs over midnight (00:00:00 on 7 January falls 70 s in, inside the long empty hold); visits: a 7 s
#     empty hold, P2 at 0.9x, P6 backwards (he walks in backwards from the right edge and leaves backwards at the
#     bottom), a 40 s empty hold, P3 at 1.4x, P4 at 0.75x (slow), P2 again at 1.5x (the same man comes back), a 6 s
#     hold (P1 and P5 never come).
#   craft-guild-dusk-ramp: the table clip on a winter afternoon going into dusk: one continuous exposure ramp over the
#     whole recording (per-frame eq: brightness down 0.19, contrast down 20 %, gamma down 25 %, colour down 30 % by
#     180 s) while the warm room lamps take over from 70 s to 140 s (red gamma up, blue gamma down: an orange-brown
#     cast), faint moving noise, 10 fps; the hour turns (17:00:00) inside the long empty hold; visits: a 12 s empty
#     hold, P5 at 0.8x, P1 at 1.2x, a 45 s empty hold, P6 at 0.7x (slow), P3 backwards at 0.9x (she walks in
#     backwards from the right edge and leaves backwards at the bottom), P4 at 1.6x (fast), a 7 s hold (P2 never comes).
#   parcel-counter-lowbitrate: the table clip from a camera knocked slightly askew (turned 1.5 degrees clockwise,
#     cropped to 704x396 from the middle so that no corner shows, scaled back to 768x432), a gentle vignette, sent as a
#     starved H.264 stream: the final encode capped at 200 kbit/s (VBV, 400 kbit buffer) with a keyframe every 5 s, so
#     moving people smear and block and the picture sharpens at each keyframe; 10 fps; visits: a 10 s empty hold, P4,
#     P6 at 1.3x, P1 at 0.8x, a 36 s empty hold, P5 backwards at 1.25x, P4 again at 1.5x (the same man comes back), an
#     8 s hold (P2 and P3 never come).
#   spice-shelf-sodium: the bottle clip under an orange sodium-vapour lamp (colour channel mix: blue cut to 55 %, green
#     to 82 %, a little red into green: warm orange-brown, the blue caps stay dark blue), slightly dark, a little soft
#     (gblur 0.7), a gentle vignette, 15 fps; the hour turns (15:00:00) 71 s in, while 3 bottles stand; parts: 3
#     bottles held 6 s, part C (29.5-39.5) backwards (the right bottle lifted off and set back), a 25 s hold, part B
#     (14.5-29.5) at 0.75x (the left and middle bottles taken together, the middle one back, the left one back), a 20 s
#     hold, part A (3.0-14.5) at 1.5x (the left bottle taken and put back), a 12 s hold, part C at 0.6x (the right
#     bottle taken and put back, slowly), part B backwards at 1.25x (the left one taken, then the middle one, both put
#     back together), an 8 s hold.
#   garden-centre-lot-halo: the parking-lot clip on a hazy winter morning (scaled to 640x360, less contrast, lifted
#     blacks, less colour, a slightly cool balance) from an over-sharpening camera (unsharp 7x7 1.3: white halos beside
#     the car and the bay lines) with its clock burned in at the bottom right in day.month.year form ("27.01.2028
#     10:58:30" at 0 s, the set's clock), 12 fps; six passes of the car between stills of the empty lot (recipes.sh
#     empty_lot): 0.6x, 1x, backwards 0.5x, 0.35x (slow), 1.8x (fast), backwards 0.8x; empty gaps of 12/28/10/47/15/33/
#     18 s; the hour turns (11:00:00) in the longest gap.
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate, joined with the concat demuxer
# and given the recording's look in one final encode (libx264 veryfast crf 20, yuv420p as in recipes.sh, x264 threads
# fixed at 2 so that the bytes do not depend on the number of cores; parcel-counter-lowbitrate adds its bitrate cap
# and runs x264 on one thread, as x264's VBV with frame threads does not give the same bytes twice).
# Two lanes run at once: 63 to 81 s on a 2-core machine with other work running beside it (ffmpeg 5.1.9, Debian 12);
# run twice here, the outputs were byte-identical.
# Source timelines (test/fixtures/truth.ts, as refined in make-recordings-7.sh..-23.sh): in-view intervals of the
# table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8]
# [123.5, 136.0]; the table is empty at the cut and hold points used here (2.0 = the still of the empty table, 3,
# 21.3, 47, 72, 89.5, 121.5, 139.3). People walk in at the bottom (close to the camera) and leave at the right edge
# (their shadow on the floor comes a little before them and goes a little after; it is not counted). Bottles on the
# bench (source left, middle, right): 3 until the left one is taken at 6.7, back at 11.5; the left and middle ones
# taken together at 17.3; the middle one back at 22.3, the left one back at 27.6; the right one taken at 31.5, back
# at 35.5; 3 to the end (39.855); no hand in view at 3.0, 14.5, 29.5 (the hold points). The parking-lot clip (3.417 s,
# 41 frames at 12 fps) has the silver car in view in every frame (a walker and a cyclist cross the far side during
# each pass; the set asks nothing about them); the stills of the empty lot show no car and nobody.
# Every output was checked after it was made: per-frame difference (gray, 192x108, pixels differing by more than 30
# levels, at least 15 of them; the burned-in clocks masked) from the REFERENCE=1 outputs, 1 fps and 0.5 fps overview
# sheets (the order and clothes of the visitors), and 4 fps strips with timestamps around the boundaries and every
# bottle event (ffmpeg -ss + fps + drawtext of the pts + tile), plus single frames at the clock turns (the burned-in
# clocks read 2028-01-07 00:00:00 at 70 s and 27.01.2028 11:00:00 at 90 s): the times below are the recipes' nominal
# ones and agree with the frames to within 0.3 s (the difference, which also counts shadows, ends up to 0.9 s later;
# a person or car counts from the first frame with any part in view to the last; a bottle is gone once lifted off,
# back once set down).
# Cameras and start times in the set (clock time = start + recording seconds, UTC; "right now" is the end of the
# recording and relative windows such as "the last minute" are measured back from it):
#   bistro-table-lowres-stamp -> wine-bistro-corner 2028-01-06T23:58:50Z (midnight, 7 January, at 70 s);
#   craft-guild-dusk-ramp -> craft-guild-desk 2028-01-11T16:58:30Z (17:00:00 at 90 s); parcel-counter-lowbitrate ->
#   parcel-depot-counter 2028-01-17T09:41:15Z; spice-shelf-sodium -> spice-merchant-shelf 2028-01-22T14:58:49Z
#   (15:00:00 at 71 s); garden-centre-lot-halo -> garden-centre-lot 2028-01-27T10:58:30Z (11:00:00 at 90 s).
# Truth in recording seconds:
#   bistro-table-lowres-stamp (157.7 s): empty 0-8.7; P2 8.7-33.1, P6 38.9-51.4 (backwards); empty 51.4-95.7 (44.3 s,
#     the longest; midnight at 70); P3 95.7-109.6, P4 114.7-131.0, P2 again 135.55-150.2; empty to the end (7.5 s). One
#     person at a time; 5 visits by 4 people, 2 before midnight and 3 after; stays 24.4, 12.5, 13.9, 16.3, 14.7 (81.8 s
#     in all); gaps 5.8, 44.3, 5.1, 4.55.
#   craft-guild-dusk-ramp (183.4 s): empty 0-15.5; P5 15.5-50.0, P1 54.5-66.0; empty 66.0-115.1 (49.1 s, the longest;
#     17:00 at 90); P6 115.1-132.95, P3 140.2-161.8 (backwards), P4 167.1-174.65; empty to the end (8.75 s). One person
#     at a time; 5 people, each once, 2 before 17:00 and 3 after; stays 34.5, 11.5, 17.85, 21.6, 7.55 (93.0 s in all).
#   parcel-counter-lowbitrate (145.4 s): empty 0-12.6; P4 12.6-24.7, P6 29.05-38.65, P1 44.95-62.2; empty 62.2-101.45
#     (39.25 s, the longest); P5 101.45-123.45 (backwards), P4 again 127.4-135.5; empty to the end (9.9 s). One person
#     at a time; 5 visits by 4 people (the man in the black T-shirt twice, away 102.7 s between); stays 12.1, 9.6,
#     17.25, 22.0, 8.1 (69.05 s in all).
#   spice-shelf-sodium (137.33 s; left, middle, right as on screen): 3 bottles; right taken 10.0, back 14.0; left and
#     middle taken together 44.7 (one left), middle back 51.45, left back 58.5; left taken 83.5, back 86.7; right taken
#     104.1, back 110.7; left taken 118.7, middle taken 123.0 (one left), both back together 127.0; 3 to the end. Never
#     empty; the count goes down 6 times (7 bottles taken, 3 of them before 15:00) and up 6 times; one bottle 10.75 s
#     (44.7-51.45, 123.0-127.0), fewer than 3 for 35.9 s in all; the longest full stretch 14.0-44.7 (30.7 s), the
#     longest stretch with a bottle missing 44.7-58.5 (13.8 s); 3 bottles at 15:00.
#   garden-centre-lot-halo (194.83 s): the car is in view 12.0-17.67, 45.67-49.08, 59.08-65.92 (backwards: in at the
#     left edge, out at the bottom), 112.92-122.67 (slow), 137.67-139.58 (fast) and 172.58-176.83 (backwards); no car
#     at other times (gaps 12.0, 28.0, 10.0, 47.0 = the longest, 15.0, 33.0, 18.0); a car in view 31.8 s in all, never
#     two; 3 passes before 11:00, 3 after.
# Clothes (test/fixtures/appearance.ts, checked on frames of these outputs): P1 long grey cardigan (grey skirt, dark
# leggings, long fair hair), P2 black jacket + dark jeans (a man), P3 black top + black trousers (long blonde hair), P4
# black T-shirt + black trousers (a man), P5 grey cardigan + dark navy jeans (long dark hair), P6 light grey shirt +
# blue jeans (short hair, a man); browner and darker in craft-guild-dusk-ramp's late part; the lot's car is silver
# (pale grey, a faint green-blue tint from the source's GIF palette).
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind24}"
only="${ONLY:-}"
ref="${REFERENCE:-}"
font=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf
[ -r "$font" ] || font="$(fc-match -f '%{file}' monospace 2>/dev/null || true)"
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p)

# frames N: number of frames of D seconds at F fps (rounded)
frames() { awk -v d="$1" -v f="$2" 'BEGIN { printf "%d", d * f + 0.5 }'; }

# The parts of one recording are numbered files in $tmp/NAME/; clip, fps and still are set per recording (begin).
#   hold SEC [AT]         the source frame at AT seconds (default: $still) held for SEC seconds
#   png SEC FILE          a still picture held for SEC seconds
#   seg A B SPEED [rev]   source seconds A..B at SPEED (0.5 = twice as long), played backwards with "rev"
# With REFERENCE=1 every seg is replaced by the same number of frames of the empty scene ($still or $refpng).
part() { printf '%s/%s/%02d.mp4' "$tmp" "$name" "$n"; }
hold() {
  local f; f=$(frames "$1" "$fps")
  ff -ss "${2:-$still}" -i "$clip" -vf "trim=end_frame=1,setpts=0,loop=loop=$((f - 1)):size=1,setpts=N/$fps/TB" \
    -frames:v "$f" -r "$fps" "${lossless[@]}" "$(part)"
  n=$((n + 1))
}
png() {
  local f; f=$(frames "$1" "$fps")
  ff -loop 1 -framerate "$fps" -i "$2" -vf "format=yuv420p,setpts=N/$fps/TB" -frames:v "$f" -r "$fps" \
    "${lossless[@]}" "$(part)"
  n=$((n + 1))
}
seg() {
  local d f
  d=$(awk -v a="$1" -v b="$2" -v s="$3" 'BEGIN { print (b - a) / s }')
  if [ -n "$ref" ]; then
    if [ -n "${refpng:-}" ]; then png "$d" "$refpng"; else hold "$d"; fi
    return
  fi
  f=$(frames "$d" "$fps")
  ff -i "$clip" -vf "trim=start=$1:end=$2,setpts=PTS-STARTPTS${4:+,reverse},setpts=PTS/$3,fps=$fps,\
tpad=stop_mode=clone:stop=20,setpts=N/$fps/TB" -frames:v "$f" -r "$fps" "${lossless[@]}" "$(part)"
  n=$((n + 1))
}
# begin NAME SRC FPS STILL: start a recording (returns 1 when ONLY names another one)
begin() {
  name="$1"; clip="$2"; fps="$3"; still="$4"; n=0; refpng=""
  [ -z "$only" ] || [ "$only" = "$name" ] || return 1
  mkdir -p "$tmp/$name"
}
# join LOOK [ENCODER OPTIONS...]: concatenate the parts, give them the look, encode once
join() {
  local look="$1"; shift
  ls "$tmp/$name"/*.mp4 | sed "s/.*/file '&'/" > "$tmp/$name/list.txt"
  ff -f concat -safe 0 -i "$tmp/$name/list.txt" -vf "setpts=N/$fps/TB,$look" -r "$fps" \
    "${enc[@]}" -threads 2 "$@" "$out/$name.mp4"
}
# clock EPOCH X Y SIZE FORMAT: a burned-in camera clock (drawtext of the recording time plus EPOCH, UTC)
clock() {
  printf "drawtext=fontfile=%s:fontsize=%s:fontcolor=white:borderw=1:bordercolor=black@0.85:x=%s:y=%s:text='%%{pts\\\\:gmtime\\\\:%s\\\\:%s}'" \
    "$font" "$4" "$2" "$3" "$1" "$5"
}
hms='%H\\\:%M\\\:%S'

# ---------------------------------------------------------------------------------------------------------------
# bistro-table-lowres-stamp: a cheap 480x270 camera, over-sharpened, with its own clock at the bottom right.
rec_bistro() {
  begin bistro-table-lowres-stamp "$table" 10 2.0 || return 0
  hold 7
  seg 21.3 47 0.9            # P2
  seg 121.5 139.3 1 rev      # P6 backwards
  hold 40                    # midnight inside
  seg 47 72 1.4              # P3
  seg 72 89.5 0.75           # P4
  seg 21.3 47 1.5            # P2 again
  hold 6
  join "scale=480:270:flags=area,unsharp=5:5:1.1:5:5:0.3,noise=alls=3:allf=t,$(clock "$(date -u -d 2028-01-06T23:58:50Z +%s)" 'w-tw-5' 'h-th-4' 11 "%Y-%m-%d $hms")"
}

# craft-guild-dusk-ramp: daylight fading to dark over the recording, the warm room lamps taking over.
rec_dusk() {
  begin craft-guild-dusk-ramp "$table" 10 2.0 || return 0
  hold 12
  seg 89.5 121.5 0.8         # P5
  seg 3 21.3 1.2             # P1
  hold 45                    # the hour turns inside
  seg 121.5 139.3 0.7        # P6
  seg 47 72 0.9 rev          # P3 backwards
  seg 72 89.5 1.6            # P4
  hold 7
  local r='min(t/180,1)' w='clip((t-70)/70,0,1)'
  join "eq=eval=frame:brightness='-0.19*$r':contrast='1-0.2*$r':gamma='1-0.25*$r':saturation='1-0.3*$r':gamma_r='1+0.25*$w':gamma_g='1+0.05*$w':gamma_b='1-0.22*$w',noise=alls=2:allf=t"
}

# parcel-counter-lowbitrate: a camera knocked slightly askew (turned 1.5 degrees, cropped), a gentle vignette, and
# a starved H.264 stream (VBV cap 200 kbit/s, a keyframe every 5 s).
rec_parcel() {
  begin parcel-counter-lowbitrate "$table" 10 2.0 || return 0
  hold 10
  seg 72 89.5 1              # P4
  seg 121.5 139.3 1.3        # P6
  seg 3 21.3 0.8             # P1
  hold 36
  seg 89.5 121.5 1.25 rev    # P5 backwards
  seg 72 89.5 1.5            # P4 again
  hold 8
  join "rotate=1.5*PI/180:fillcolor=black,crop=704:396,scale=768:432,vignette=angle=PI/5" \
    -maxrate 200k -bufsize 400k -g 50 -keyint_min 50 -sc_threshold 0 -threads 1
}

# spice-shelf-sodium: the bottle clip under an orange sodium lamp, a gentle vignette, a little soft, 15 fps.
rec_spice() {
  begin spice-shelf-sodium "$shelf" 15 3.0 || return 0
  hold 6
  seg 29.5 39.5 1 rev        # the right bottle: gone 4.0..8.0 into the part
  hold 25 29.5
  seg 14.5 29.5 0.75         # left+middle taken together, middle back, left back
  hold 20 29.5               # the hour turns inside
  seg 3.0 14.5 1.5           # the left bottle taken and put back
  hold 12 14.5
  seg 29.5 39.5 0.6          # the right bottle taken and put back, slowly
  seg 14.5 29.5 1.25 rev     # left taken, middle taken, both back together
  hold 8 14.5
  join "colorchannelmixer=rr=1.0:rg=0.12:gg=0.82:gr=0.1:bb=0.55:bg=0.05,eq=gamma=0.92:saturation=1.1,gblur=sigma=0.7,vignette=angle=PI/4.5"
}

# garden-centre-lot-halo: the parking-lot clip scaled to 640x360 from a hazy winter morning, over-sharpened
# (halos), with its clock at the bottom right (day.month.year).
rec_lot() {
  begin garden-centre-lot-halo "$lot" 12 0 || return 0
  empty_lot "$tmp/$name/empty.png"; refpng="$tmp/$name/empty.png"
  local e="$tmp/$name/empty.png"
  png 12 "$e"; seg 0 3.4167 0.6
  png 28 "$e"; seg 0 3.4167 1
  png 10 "$e"; seg 0 3.4167 0.5 rev
  png 47 "$e"; seg 0 3.4167 0.35     # the hour turns in the gap before
  png 15 "$e"; seg 0 3.4167 1.8
  png 33 "$e"; seg 0 3.4167 0.8 rev
  png 18 "$e"
  join "scale=640:360:flags=bicubic,eq=contrast=0.82:brightness=0.05:saturation=0.75,colortemperature=temperature=7200:mix=0.3,unsharp=7:7:1.3:5:5:0,$(clock "$(date -u -d 2028-01-27T10:58:30Z +%s)" 'w-tw-8' 'h-th-6' 14 "%d.%m.%Y $hms")"
}

t0=$(date +%s)
( rec_bistro; rec_spice; rec_lot ) &
lane=$!
rec_dusk; rec_parcel
wait "$lane"
finish
echo "made in $(( $(date +%s) - t0 )) s"
