#!/usr/bin/env bash
# Makes the recordings of the twenty-first blind set (bench/blind/set-2026-12-09u.json) from the shared clips.
# Usage: bench/blind/make-recordings-21.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind21)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, "Sample videos" by Intel IoT DevKit,
# https://github.com/intel-iot-devkit/sample-videos, CC BY 4.0, see its README.md; the README is copied beside the
# recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# ONLY=NAME (a recording's file name without .mp4) remakes a single recording.
# Recipes differ from make-recordings{,-2,...,-20}.sh:
#   arcade-counter-crt: the table clip re-filmed off an old CRT monitor: dark scanlines every 3 px, a soft focus, a
#     round white glare of the room light on the glass (top right), a vignette, a little less colour, 12 fps; visits:
#     an 8 s empty hold, P6, P2 at 0.8x, a 30 s empty hold (the hour turns, 20:00:00, inside it), P5 at 1.5x, P1
#     backwards (she walks in backwards from the right edge and leaves backwards at the bottom), P3, a 6 s hold.
#   ferry-kiosk-squeezed-tilt: the table clip with the wrong aspect ratio (squeezed to 576x432: everybody looks thin),
#     tilted 3 degrees (black corners), pillarboxed into a 768x432 frame, in a teal-and-orange split-tone grade, 9 fps;
#     visits: a 14 s empty hold, P4 at 0.7x, P1 at 1.25x, P3, a 40 s empty hold, P6 at 1.3x, P4 again, P5 at 0.9x,
#     a 7 s hold (P2 never comes).
#   pharmacy-shelf-tiltdrift: the bottle clip from a pan-tilt head that drifts slowly up and down (a 576x324 window
#     whose top edge swings between 0 and 36 px on a 16 s sine, all three bottles always inside), scaled to 854x480,
#     a greenish fluorescent cast, 24 fps; parts: 3 bottles held 10 s, part C (29.5-39.5) at 0.5x, a 25 s hold, part
#     A (3.0-14.5) backwards (the left bottle's put-back becomes a take and its take a put-back), part B up to 20.0
#     (left and middle taken together), the frame at 20.0 held 30 s (only the right bottle, no hand), the rest of part
#     B to 29.5 (middle back, then left back), a 15 s hold, part A at 2x, an 8 s hold.
#   minibar-matted-grain: the bottle clip like a digital photo frame: the picture shrunk to 448x252 with heavy moving
#     grain, inside a flat grey 640x360 mat with a small "MINIBAR 1412" caption under it, 20 fps; the recording runs
#     over midnight (00:00:00 falls 92 s in, while 3 bottles stand, in a hold); parts: 3 bottles held 6 s, part B at
#     1.5x, a 20 s hold, part C up to 33.0 (the right bottle taken), the frame at 33.0 held 22 s (right bottle away,
#     no hand), the rest of part C (right bottle back), part A at 0.75x, a 12 s hold, part B backwards (the left one
#     taken, the middle one taken, both back together), a 10 s hold, part C at 0.8x, a 6 s hold.
#   depot-yard-privacy-masks: the parking-lot clip with two solid black privacy masks over the far side of the lot (so
#     the walker and the cyclist are hidden; the car is never under them), tilted 2 degrees, scaled to 720x405, a hard
#     midsummer grade (contrast up, warm, a little more colour), 10 fps; six passes of the car between stills of the
#     empty lot (recipes.sh empty_lot): 1x, 0.4x (slow), backwards 0.6x, 2x (fast), backwards 0.5x, 0.8x; empty gaps
#     of 14/26/9/44/17/31/19 s.
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate, joined with the concat
# demuxer and given the recording's look in one final encode (libx264 veryfast crf 20, yuv420p as in recipes.sh,
# x264 threads fixed at 2). About 3.5 minutes on a 2-core machine (ffmpeg 5.1.9, Debian 12).
# Source timelines (test/fixtures/truth.ts, as refined in make-recordings-7.sh..-20.sh): in-view intervals of the
# table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8]
# [123.5, 136.0]; the table is empty at the cut and hold points used here (2.0 = the still of the empty table, 3,
# 21.3, 47, 72, 89.5, 121.5, 139.3). People walk in at the bottom and leave at the right edge. Clothes
# (test/fixtures/appearance.ts): P1 grey cardigan, P2 black jacket + dark jeans, P3 black top (long blonde hair),
# P4 black T-shirt, P5 grey cardigan + dark jeans, P6 light grey shirt + blue jeans; the lot's car is silver.
# Bottles on the bench (left, middle, right): 3 until the left one is taken at 6.7, back at 11.5; the left and middle
# ones taken together at 17.3; the middle one back at 22.3, the left one back at 27.6; the right one taken at 31.5,
# back at 35.5; 3 to the end (39.855); no hand in view at 3.0, 20.0, 33.0 (hold points, checked on frames).
# Timelines of the recordings (recording seconds; clock = start + seconds, UTC; checked on frames of the outputs):
#   arcade-counter-crt (158.6 s) -> arcade-prize-counter 2027-10-04T19:58:50Z: P6 [10.0, 22.5], P2 [27.7, 55.2],
#     P5 [89.8, 108.1], P1 [110.8, 124.6] (backwards), P3 [130.9, 150.3]; empty [55.2, 89.8] (34.6 s, the longest).
#   ferry-kiosk-squeezed-tilt (192.4 s) -> ferry-terminal-kiosk 2027-10-11T06:42:15Z: P4 [17.7, 35.0], P1 [41.4, 52.4],
#     P3 [56.9, 76.3], P6 [120.2, 129.8], P4 [134.9, 147.0], P5 [152.9, 183.5]; empty [76.3, 120.2] (43.8 s).
#   pharmacy-shelf-tiltdrift (140.25 s) -> pharmacy-back-shelf 2027-10-17T13:08:00Z: bottles 3; 14.0 right taken (2);
#     22.0 right back (3); 58.0 left taken (2); 62.8 left back (3); 69.3 left+middle taken (1); 104.3 middle back (2);
#     109.6 left back (3); 128.35 left taken (2); 130.75 left back (3) to the end.
#   minibar-matted-grain (138.8 s) -> hotel-minibar 2027-10-23T23:58:28Z: bottles 3; 7.9 left+middle taken (1); 11.2
#     middle back (2); 14.7 left back (3); 38.0 right taken (2); 64.0 right back (3); 72.9 left taken (2); 79.3 left
#     back (3); 97.2 left taken (2); 102.5 middle taken (1); 107.5 both back (3); 122.8 right taken (2); 127.8 right
#     back (3) to the end.
#   depot-yard-privacy-masks (190.4 s) -> bus-depot-yard 2027-10-29T04:15:20Z: car passes [14.0, 17.4], [43.4, 51.9],
#     [60.9, 66.6] (backwards: in from the left edge, out at the bottom), [110.6, 112.3], [129.3, 136.1] (backwards),
#     [167.1, 171.4]; the lot is empty at all other times (longest gap [66.6, 110.6], 44.0 s).
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind21}"
enc=(-an -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -x264-params threads=2)
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p -x264-params threads=2)
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
want() { [ -z "${ONLY:-}" ] || [ "$ONLY" = "$1" ]; }

# seg IN START END SPEED FPS OUT [rev]: source [START, END) at SPEED (0.5 = slow), backwards with "rev".
seg() {
  local f="trim=$2:$3,setpts=(PTS-STARTPTS)/$4"
  [ "${7:-}" = rev ] && f="$f,reverse"
  ff -i "$1" -vf "$f,fps=$5" "${lossless[@]}" "$6"
}
# hold IN T DUR FPS OUT: the source frame at T held DUR seconds.
hold() {
  ff -ss "$2" -i "$1" -frames:v 1 "$5.png"
  ff -loop 1 -framerate "$4" -i "$5.png" -t "$3" "${lossless[@]}" "$5"
}
# still PNG DUR FPS OUT: a still picture held DUR seconds.
still() { ff -loop 1 -framerate "$3" -i "$1" -t "$2" "${lossless[@]}" "$4"; }
# join OUT LOOK FPS PART...: the parts in order, given the look in one final encode.
join() {
  local o="$1" look="$2" r="$3"; shift 3
  : > "$tmp/list.txt"; for p in "$@"; do echo "file '$p'" >> "$tmp/list.txt"; done
  ff -f concat -safe 0 -i "$tmp/list.txt" -vf "$look,fps=$r,format=yuv420p" "${enc[@]}" "$out/$o.mp4"
}

# 1. arcade-counter-crt (12 fps). truth: hold [0, 8); P6 part [121.5, 139.3) at 8; P2 part [21.3, 47) 0.8x at 25.8;
#    hold [57.925, 87.925); P5 part [89.5, 121.5) 1.5x at 87.925; P1 part [3, 21.3) backwards at 109.258 (r = 21.3 - t);
#    P3 part [47, 72) at 127.558; hold [152.558, 158.558).
if want arcade-counter-crt; then
  d="$tmp/a"; mkdir -p "$d"; R=12
  ff -f lavfi -i "color=c=white:s=768x432,format=rgba,geq=r=255:g=250:b=235:a='150*exp(-((X-585)*(X-585)+(Y-95)*(Y-95))/2600)'" -frames:v 1 "$d/glare.png"
  hold "$table" 2.0 8 $R "$d/01.mp4"; seg "$table" 121.5 139.3 1 $R "$d/02.mp4"; seg "$table" 21.3 47 0.8 $R "$d/03.mp4"
  hold "$table" 2.0 30 $R "$d/04.mp4"; seg "$table" 89.5 121.5 1.5 $R "$d/05.mp4"; seg "$table" 3 21.3 1 $R "$d/06.mp4" rev
  seg "$table" 47 72 1 $R "$d/07.mp4"; hold "$table" 2.0 6 $R "$d/08.mp4"
  join arcade-counter-crt "movie=$d/glare.png,loop=-1:1[g];[in]gblur=sigma=0.8,eq=saturation=0.8:contrast=1.08:gamma=1.05,drawgrid=w=iw:h=3:t=1:c=black@0.35,vignette=PI/4.5[b];[b][g]overlay=0:0:shortest=1" $R "$d"/0?.mp4
fi

# 2. ferry-kiosk-squeezed-tilt (9 fps). truth: hold [0, 14); P4 part [72, 89.5) 0.7x at 14; P1 part [3, 21.3) 1.25x
#    at 39; P3 part [47, 72) at 53.64; hold [78.64, 118.64); P6 part [121.5, 139.3) 1.3x at 118.64; P4 part [72, 89.5)
#    at 132.33; P5 part [89.5, 121.5) 0.9x at 149.83; hold [185.39, 192.39).
if want ferry-kiosk-squeezed-tilt; then
  d="$tmp/b"; mkdir -p "$d"; R=9
  hold "$table" 2.0 14 $R "$d/01.mp4"; seg "$table" 72 89.5 0.7 $R "$d/02.mp4"; seg "$table" 3 21.3 1.25 $R "$d/03.mp4"
  seg "$table" 47 72 1 $R "$d/04.mp4"; hold "$table" 2.0 40 $R "$d/05.mp4"; seg "$table" 121.5 139.3 1.3 $R "$d/06.mp4"
  seg "$table" 72 89.5 1 $R "$d/07.mp4"; seg "$table" 89.5 121.5 0.9 $R "$d/08.mp4"; hold "$table" 2.0 7 $R "$d/09.mp4"
  join ferry-kiosk-squeezed-tilt "scale=576:432,rotate=3*PI/180:c=black,colorbalance=rs=-0.08:gs=0.02:bs=0.12:rh=0.1:gh=0.03:bh=-0.08,eq=contrast=1.06,pad=768:432:96:0:black" $R "$d"/0?.mp4
fi

# 3. pharmacy-shelf-tiltdrift (24 fps). truth: hold [0, 10); part C [29.5, 39.5) 0.5x at 10; hold [30, 55); part A
#    [3.0, 14.5) backwards at 55 (r = 14.5 - t); part B [14.5, 20.0) at 66.5; hold of 20.0 [72, 102); part B [20.0, 29.5)
#    at 102; hold [111.5, 126.5); part A 2x at 126.5; hold [132.25, 140.25).
if want pharmacy-shelf-tiltdrift; then
  d="$tmp/c"; mkdir -p "$d"; R=24
  hold "$shelf" 3.0 10 $R "$d/01.mp4"; seg "$shelf" 29.5 39.5 0.5 $R "$d/02.mp4"; hold "$shelf" 3.0 25 $R "$d/03.mp4"
  seg "$shelf" 3.0 14.5 1 $R "$d/04.mp4" rev; seg "$shelf" 14.5 20.0 1 $R "$d/05.mp4"; hold "$shelf" 20.0 30 $R "$d/06.mp4"
  seg "$shelf" 20.0 29.5 1 $R "$d/07.mp4"; hold "$shelf" 3.0 15 $R "$d/08.mp4"; seg "$shelf" 3.0 14.5 2 $R "$d/09.mp4"
  hold "$shelf" 3.0 8 $R "$d/10.mp4"
  join pharmacy-shelf-tiltdrift "crop=576:324:32:'18+18*sin(2*PI*t/16)',scale=854:480,colorbalance=rm=-0.04:gm=0.07:bm=-0.02:gh=0.04,eq=contrast=1.04:gamma=1.03" $R "$d"/??.mp4
fi

# 4. minibar-matted-grain (20 fps). truth: hold [0, 6); part B [14.5, 29.5) 1.5x at 6; hold [16, 36); part C [29.5, 33.0)
#    at 36; hold of 33.0 [39.5, 61.5); part C [33.0, 39.5) at 61.5; part A [3.0, 14.5) 0.75x at 68; hold [83.33, 95.33);
#    part B backwards at 95.33 (r = 29.5 - t); hold [110.33, 120.33); part C 0.8x at 120.33; hold [132.83, 138.83).
if want minibar-matted-grain; then
  d="$tmp/d"; mkdir -p "$d"; R=20
  hold "$shelf" 3.0 6 $R "$d/01.mp4"; seg "$shelf" 14.5 29.5 1.5 $R "$d/02.mp4"; hold "$shelf" 3.0 20 $R "$d/03.mp4"
  seg "$shelf" 29.5 33.0 1 $R "$d/04.mp4"; hold "$shelf" 33.0 22 $R "$d/05.mp4"; seg "$shelf" 33.0 39.5 1 $R "$d/06.mp4"
  seg "$shelf" 3.0 14.5 0.75 $R "$d/07.mp4"; hold "$shelf" 3.0 12 $R "$d/08.mp4"; seg "$shelf" 14.5 29.5 1 $R "$d/09.mp4" rev
  hold "$shelf" 3.0 10 $R "$d/10.mp4"; seg "$shelf" 29.5 39.5 0.8 $R "$d/11.mp4"; hold "$shelf" 3.0 6 $R "$d/12.mp4"
  join minibar-matted-grain "scale=448:252,noise=alls=22:allf=t+u,pad=640:360:96:40:0x6e6e6e,drawtext=fontfile=$font:text='MINIBAR 1412':fontsize=16:fontcolor=0xdddddd:x=(w-tw)/2:y=310" $R "$d"/??.mp4
fi

# 5. depot-yard-privacy-masks (10 fps). truth: the passes (the car in view throughout each) are 34, 85, 57, 17, 68
#    and 43 frames long (3.4, 8.5, 5.7, 1.7, 6.8, 4.3 s) and start at 14.0, 43.4, 60.9, 110.6, 129.3, 167.1.
if want depot-yard-privacy-masks; then
  d="$tmp/e"; mkdir -p "$d"; R=10
  empty_lot "$d/empty.png"
  still "$d/empty.png" 14 $R "$d/01.mp4"; seg "$lot" 0 3.417 1 $R "$d/02.mp4"; still "$d/empty.png" 26 $R "$d/03.mp4"
  seg "$lot" 0 3.417 0.4 $R "$d/04.mp4"; still "$d/empty.png" 9 $R "$d/05.mp4"; seg "$lot" 0 3.417 0.6 $R "$d/06.mp4" rev
  still "$d/empty.png" 44 $R "$d/07.mp4"; seg "$lot" 0 3.417 2 $R "$d/08.mp4"; still "$d/empty.png" 17 $R "$d/09.mp4"
  seg "$lot" 0 3.417 0.5 $R "$d/10.mp4" rev; still "$d/empty.png" 31 $R "$d/11.mp4"; seg "$lot" 0 3.417 0.8 $R "$d/12.mp4"
  still "$d/empty.png" 19 $R "$d/13.mp4"
  join depot-yard-privacy-masks "drawbox=x=140:y=0:w=340:h=40:c=black:t=fill,drawbox=x=200:y=40:w=280:h=34:c=black:t=fill,rotate=2*PI/180:c=black,scale=720:406,eq=contrast=1.18:saturation=1.15:gamma=0.97,colorbalance=rm=0.05:bm=-0.05:rh=0.04" $R "$d"/??.mp4
fi

finish
