#!/usr/bin/env bash
# Makes the recordings of the twenty-third blind set (bench/blind/set-2026-12-11w.json) from the shared clips.
# Usage: bench/blind/make-recordings-23.sh [OUTDIR]   (default and what the set expects: /tmp/vigil-blind23)
# Source clips: /work/shared/videos (Intel IoT DevKit sample videos, "Sample videos" by Intel IoT DevKit,
# https://github.com/intel-iot-devkit/sample-videos, CC BY 4.0, see its README.md; the README is copied beside the
# recordings as SOURCE-README.md). Override the source directory with VIDEOS=DIR.
# ONLY=NAME (a recording's file name without .mp4) remakes a single recording. REFERENCE=1 makes the check reference
# instead: every part replaced by the same number of frames of the empty scene, with the same look (write it to
# another OUTDIR).
# Recipes differ from make-recordings{,-2,...,-22}.sh:
#   chessclub-table-pantour: the table clip from a PTZ camera on a "guard tour": zoomed 1.25x (960x540) and panning
#     sideways, the 768x432 window resting 8 s at the left, sweeping right in 12 s (eased), resting 8 s at the right,
#     sweeping back in 12 s (a 40 s cycle, x 0..192 px, y 62 px), so that the right edge where people leave and the
#     window at the left come and go; a little less colour, slightly sharpened, a "TOUR 2" label at the top right;
#     10 fps; the hour turns (16:00:00) inside the long empty hold; visits: an 8 s empty hold, P6 at 1.25x, P1
#     backwards (she walks in backwards from the right edge and leaves backwards at the bottom), P3 at 0.7x (slow), a
#     40 s empty hold, P5 at 1.6x, P4 at 2x (fast), P2, a 6 s hold.
#   lido-desk-pillar-bleed: the table clip behind a square concrete pillar close to the camera (x 56-150, full height,
#     a shaded side face and a lit front face: it hides the window and the empty floor at the left, never the table
#     or a person), from a camera with bleeding colour (the chroma box-blurred, radius 7, and shifted sideways
#     against the luma: green and magenta fringes beside every edge; colour pushed up 1.4x) and sensor defects (seven
#     stuck white 2x2 pixels and a pale green dead column at x 517), 12 fps; visits: a 15 s empty hold, P4, P5 at
#     0.8x, P4 again backwards at 1.5x (the same man walks in backwards from the right edge), a 50 s empty hold, P2
#     at 1.4x, P6 at 0.6x (slow), a 10 s hold (P1 and P3 never come).
#   tattoo-waiting-smokedome: the table clip through a smoked (tinted) dome cover: darker, brownish, flat, a little
#     soft, a vignette, with the reflection of the camera's own infrared LED ring on the inside of the dome (eight
#     soft warm-white dots on an ellipse 215 x 170 px around the centre and a faint ring through them), 10 fps; the
#     recording runs over midnight (00:00:00 on 13 December falls 75 s in, inside the long empty hold); visits: a 6 s
#     empty hold, P3 at 1.25x, P1 at 0.6x (slow), a 35 s empty hold, P6 backwards (he walks in backwards from the
#     right edge and leaves backwards at the bottom), P5, P3 again at 2x (fast), a 7 s hold (P2 and P4 never come).
#   lodge-shelf-convexmirror: the bottle clip seen in an oval convex security mirror: the picture mirrored left-right
#     and bent by a fisheye projection (v360 flat -> fisheye, 110x70 degrees in, 124x76 out: the middle bottle
#     enlarged, the outer ones squeezed, the bench edge curved) inside an oval frame (306 x 172 px half-axes) with a
#     pale rim and a soft highlight at the top left, on a dark slatted wall, 15 fps; the source's LEFT bottle stands
#     on the RIGHT here; the hour turns (18:00:00) 28 s in, while 3 bottles stand; parts: 3 bottles held 7 s, part C
#     (29.5-39.5) at 1.25x (the source's right bottle taken and put back), a 24 s hold, part B (14.5-29.5) backwards
#     at 0.8x (the source's left bottle taken, then the middle one, then both put back together), a 20 s hold, part A
#     (3.0-14.5) at 2x (the source's left bottle taken and put back quickly), part A again at 0.6x (the same, slowly),
#     a 14 s hold, part B at 1x (left and middle taken together, middle back, left back), a 6 s hold.
#   diner-window-lot: the parking-lot clip filmed from inside a roadside diner through its window: the room behind the
#     camera (the empty table room, mirrored, blurred, less colour) reflected faintly in the glass (screened over at
#     22 %), scaled to 640x360, with the camera's burned-in clock at the top left (white on a dark box, the set's
#     clock: 2027-12-27 12:58:20 at 0 s), 12 fps; six passes of the car between stills of the empty lot (recipes.sh
#     empty_lot): 0.5x, backwards 1x, 0.3x (very slow), 1.7x (fast), backwards 0.4x, 0.8x; empty gaps of
#     9/31/15/58/12/36/21 s; the hour turns (13:00:00) in the longest gap.
# Parts are cut into lossless intermediates (x264 qp 0) at the recording's frame rate, joined with the concat filter
# and given the recording's look in one final encode (libx264 veryfast crf 20, yuv420p as in recipes.sh, x264 threads
# fixed at 2 so that the bytes do not depend on the number of cores). About 1 minute 40 s on a 2-core machine with
# other work running beside it (ffmpeg 5.1.9, Debian 12); run twice here, the outputs were byte-identical.
# Source timelines (test/fixtures/truth.ts, as refined in make-recordings-7.sh..-22.sh): in-view intervals of the
# table clip's six people P1..P6 (source seconds): [6.0, 19.8] [22.8, 44.8] [50.3, 69.7] [74.6, 86.7] [92.3, 119.8]
# [123.5, 136.0]; the table is empty at the cut and hold points used here (2.0 = the still of the empty table, 3,
# 21.3, 47, 72, 89.5, 121.5, 139.3). People walk in at the bottom (close to the camera) and leave at the right edge
# (their shadow on the floor comes a little before them and goes a little after; it is not counted). Bottles on the
# bench (source left, middle, right): 3 until the left one is taken at 6.7, back at 11.5; the left and middle ones
# taken together at 17.3; the middle one back at 22.3, the left one back at 27.6; the right one taken at 31.5, back
# at 35.5; 3 to the end (39.855); no hand in view at 3.0, 14.5, 29.5, 39.5 (the hold points). The parking-lot clip
# (3.417 s, 41 frames at 12 fps) has the silver car in view in every frame (a walker and a cyclist cross the far
# side during each pass; the set asks nothing about them); the stills of the empty lot show no car and nobody.
# Every output was checked after it was made: per-frame difference (gray, 192x108 for the table, 160x90 for the
# shelf and the lot; pixels differing by more than 30 levels, at least 15 of them) from the REFERENCE=1 outputs (so
# the reference gets the same pan, pillar, dome, mirror and reflection), and 2-4 fps strips with timestamps around
# every boundary and every bottle event plus single frames at the clock times the set asks about (ffmpeg -ss + fps +
# drawtext of the pts + tile): the times below agree with the source timelines mapped through the recipes to within
# 0.3 s (a person or car counts from the first frame with any part in view to the last, shadows not counted; a
# bottle is gone once lifted off, back once set down). The pan hardly moves the in-view times (people leave while
# the window is at the right or mid-sweep, except P2, whose last 0.4 s at the right edge is cut off by the window resting at the left).
# Cameras and start times in the set (clock time = start + recording seconds, UTC; "right now" is the end of the
# recording and relative windows such as "the last minute" are measured back from it):
#   chessclub-table-pantour -> chess-club-signin 2027-12-02T15:58:25Z (16:00:00 falls at 95 s);
#   lido-desk-pillar-bleed -> lido-entrance-desk 2027-12-07T10:13:25Z; tattoo-waiting-smokedome ->
#   tattoo-studio-waiting 2027-12-12T23:58:45Z (midnight, 13 December, at 75 s); lodge-shelf-convexmirror ->
#   ski-lodge-bar-shelf 2027-12-19T17:59:32Z (18:00:00 at 28 s); diner-window-lot -> roadside-diner-lot
#   2027-12-27T12:58:20Z (13:00:00 at 100 s; the burned-in clock shows the same times).
# Truth in recording seconds (read on the outputs):
#   chessclub-table-pantour (176.7 s): empty 0-9.5; P6 9.5-19.6, P1 23.6-37.5 (backwards), P3 45.25-72.8; empty
#     72.8-118.0 (45.2 s, the longest; 16:00 at 95); P5 118.0-135.2, P4 137.55-143.6, P2 146.5-168.1; empty to the
#     end (8.6 s). One person at a time; 6 people, each once; stays 10.1, 13.9, 27.55, 17.2, 6.05, 21.6 (96.4 s in
#     all; black tops P3+P4+P2 55.2 s); 3 before 16:00, 3 after; gaps 4.0, 7.75, 45.2, 2.35, 2.9.
#   lido-desk-pillar-bleed (192.17 s): empty 0-17.6; P4 17.6-29.7, P5 36.0-70.4, P4 again 74.4-82.4 (backwards);
#     empty 82.4-135.2 (52.8 s, the longest); P2 135.2-150.95, P6 155.9-176.7; empty to the end (15.5 s). One person
#     at a time; 5 visits by 4 people; stays 12.1, 34.4, 8.0, 15.75, 20.8 (91.0 s in all); gaps 6.3, 4.0, 52.8, 4.95.
#   tattoo-waiting-smokedome (160.8 s): empty 0-8.6; P3 8.6-24.2, P1 31.0-54.0; empty 54.0-94.8 (40.8 s, the
#     longest; midnight at 75); P6 94.8-107.3 (backwards), P5 112.1-139.6, P3 again 142.95-152.65; empty to the end
#     (8.15 s). One person at a time; 5 visits by 4 people; stays 15.5, 23.0, 12.5, 27.5, 9.7 (88.2 s in all; 38.5 s
#     before midnight); 2 visits before midnight, 3 after.
#   lodge-shelf-convexmirror (137.67 s; positions as seen, mirrored): 3 bottles; the left one (source right) taken
#     8.6, back 11.8; the right one (source left) taken 41.4, the middle one taken 48.0 (one left), both back together
#     54.1; the right one taken 79.7, back 82.2; taken 89.9, back 97.7; the right and middle ones taken together
#     119.5 (one left), the middle one back 124.5, the right one back 129.8; 3 to the end. Never empty; the count
#     goes down 6 times (7 bottles taken, 1 before 18:00) and up 6 times; one bottle 11.1 s (48.0-54.1,
#     119.5-124.5), fewer than 3 for 36.5 s in all; the longest full stretch 11.8-41.4 (29.6 s); 3 bottles at 18:00.
#   diner-window-lot (218.5 s): the car is in view 9.0-15.83, 46.83-50.25 (backwards: in at the left edge, out at the
#     bottom), 65.25-76.67, 134.67-136.67 (fast), 148.67-157.25 (backwards) and 193.25-197.5; no car at other times
#     (gaps 9.0, 31.0, 15.0, 58.0 = the longest, 12.0, 36.0, 21.0); a car in view 36.5 s in all, never two; 3
#     passes before 13:00, 3 after.
# Clothes (test/fixtures/appearance.ts, checked on frames of these outputs): P1 long grey cardigan (grey skirt, dark
# leggings, long fair hair), P2 black jacket + dark jeans (a man), P3 black top + black trousers (long blonde hair), P4
# black T-shirt + black trousers (a man), P5 grey cardigan + dark navy jeans (long dark hair), P6 light grey shirt +
# blue jeans (short hair, a man); browner and darker under tattoo-waiting-smokedome's dome, with colour fringes in
# lido-desk-pillar-bleed; the lot's car is silver (pale grey).
set -euo pipefail
source "$(dirname "$0")/recipes.sh" "${1:-/tmp/vigil-blind23}"
fin=("${enc[@]}" -x264-params threads=2)                         # the one final encode of each recording
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p) # intermediates
mono=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf
want() { [ -z "${ONLY:-}" ] || [ "$ONLY" = "$1" ]; }

still() { ff -ss "$2" -i "$1" -frames:v 1 "$3"; }
# hold STILL SECONDS FPS OUT: the still repeated
hold() { ff -loop 1 -framerate "$3" -t "$2" -i "$1" -vf "setsar=1,format=yuv420p" "${lossless[@]}" "$4"; }
# part CLIP FROM TO SPEED fwd|rev FPS OUT: a stretch of a clip, maybe backwards, at a speed, resampled to FPS.
# With REFERENCE=1 the stretch is replaced by the same number of frames of $blank (the empty scene): the check
# reference, which gets the same look (pan, mirror, overlays) as the recording.
part() {
  local vf="trim=start=$2:end=$3,setpts=PTS-STARTPTS"
  [ "$5" = rev ] && vf+=",reverse"
  ff -i "$1" -vf "$vf,setpts=PTS/$4,fps=$6,setsar=1,format=yuv420p" "${lossless[@]}" "$7"
  if [ "${REFERENCE:-0}" = 1 ]; then
    local n; n=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$7")
    ff -loop 1 -framerate "$6" -i "$blank" -frames:v "$n" -vf "setsar=1,format=yuv420p" "${lossless[@]}" "$7"
  fi
}
record() {
  local name="$1" look="$2" ins=() lab="" i=0; shift 2
  for p in "$@"; do ins+=(-i "$p"); lab+="[$i:v]"; i=$((i + 1)); done
  ff "${ins[@]}" -filter_complex "${lab}concat=n=$i:v=1:a=0[cat];[cat]$look[out]" -map "[out]" "${fin[@]}" "$out/$name.mp4"
}
# the table clip's visits (source seconds; the table is empty at every cut point)
P1=(3 21.3) P2=(21.3 47) P3=(47 72) P4=(72 89.5) P5=(89.5 121.5) P6=(121.5 139.3)

if want chessclub-table-pantour; then
  d="$tmp/a"; mkdir -p "$d"; still "$table" 2.0 "$d/empty.png"; blank="$d/empty.png"
  hold "$d/empty.png" 8 10 "$d/01.mkv"
  part "$table" "${P6[@]}" 1.25 fwd 10 "$d/02.mkv"
  part "$table" "${P1[@]}" 1 rev 10 "$d/03.mkv"
  part "$table" "${P3[@]}" 0.7 fwd 10 "$d/04.mkv"
  hold "$d/empty.png" 40 10 "$d/05.mkv"
  part "$table" "${P5[@]}" 1.6 fwd 10 "$d/06.mkv"
  part "$table" "${P4[@]}" 2 fwd 10 "$d/07.mkv"
  part "$table" "${P2[@]}" 1 fwd 10 "$d/08.mkv"
  hold "$d/empty.png" 6 10 "$d/09.mkv"
  # a PTZ "guard tour": zoomed 1.25x, the 768x432 window rests 8 s at the left, sweeps right in 12 s (eased), rests
  # 8 s at the right, sweeps back in 12 s (a 40 s cycle); x from 0 to 192 px of the 960x540 picture
  px="if(lt(mod(t\,40)\,8)\,0\,if(lt(mod(t\,40)\,20)\,96*(1-cos(PI*(mod(t\,40)-8)/12))\,if(lt(mod(t\,40)\,28)\,192\,96*(1+cos(PI*(mod(t\,40)-28)/12)))))"
  record chessclub-table-pantour "scale=960:540:flags=bicubic,crop=w=768:h=432:x='$px':y=62,eq=saturation=0.85:gamma=1.04,\
unsharp=5:5:0.5,drawtext=fontfile=$mono:text='TOUR 2':x=w-tw-14:y=12:fontsize=16:fontcolor=white@0.8,format=yuv420p" "$d"/0*.mkv
fi

if want lido-desk-pillar-bleed; then
  d="$tmp/b"; mkdir -p "$d"; still "$table" 2.0 "$d/empty.png"; blank="$d/empty.png"
  hold "$d/empty.png" 15 12 "$d/01.mkv"
  part "$table" "${P4[@]}" 1 fwd 12 "$d/02.mkv"
  part "$table" "${P5[@]}" 0.8 fwd 12 "$d/03.mkv"
  part "$table" "${P4[@]}" 1.5 rev 12 "$d/04.mkv"
  hold "$d/empty.png" 50 12 "$d/05.mkv"
  part "$table" "${P2[@]}" 1.4 fwd 12 "$d/06.mkv"
  part "$table" "${P6[@]}" 0.6 fwd 12 "$d/07.mkv"
  hold "$d/empty.png" 10 12 "$d/08.mkv"
  # a square concrete pillar close to the camera at the left (x 56-150, full height: a shaded side face and a lit
  # front face), in front of the window and the empty floor, never in front of the table or the people
  ff -f lavfi -i "color=c=black:s=768x432,format=rgba,geq=r='if(lt(X\,84)\,96\,168-22*(X-84)/66)+10*Y/H':\
g='if(lt(X\,84)\,93\,164-22*(X-84)/66)+10*Y/H':b='if(lt(X\,84)\,90\,158-22*(X-84)/66)+8*Y/H':\
a='255*clip(min(X-55\,151-X)/1.5\,0\,1)'" -frames:v 1 "$d/pillar.png"
  # sensor defects: seven stuck (white) 2x2 pixels and a pale green dead column at x 517
  hot="between(X\,101\,102)*between(Y\,57\,58)+between(X\,333\,334)*between(Y\,301\,302)+between(X\,612\,613)*between(Y\,144\,145)\
+between(X\,702\,703)*between(Y\,388\,389)+between(X\,250\,251)*between(Y\,30\,31)+between(X\,455\,456)*between(Y\,210\,211)\
+between(X\,188\,189)*between(Y\,350\,351)"
  ff -f lavfi -i "color=c=black:s=768x432,format=rgba,geq=r='if(eq(X\,517)\,190\,255)':g=255:b='if(eq(X\,517)\,190\,255)':\
a='if(eq(X\,517)\,120\,255*($hot))'" -frames:v 1 "$d/hot.png"
  # colour bleeding: the chroma blurred (box radius 7) and shifted sideways against the luma, colour pushed up
  record lido-desk-pillar-bleed "null[v];movie=$d/pillar.png[pil];[v][pil]overlay,format=yuv444p,\
boxblur=luma_radius=0:luma_power=0:chroma_radius=7:chroma_power=2,chromashift=cbh=-7:crh=9,eq=saturation=1.4[c];\
movie=$d/hot.png[hot];[c][hot]overlay,format=yuv420p" "$d"/0*.mkv
fi

if want tattoo-waiting-smokedome; then
  d="$tmp/c"; mkdir -p "$d"; still "$table" 2.0 "$d/empty.png"; blank="$d/empty.png"
  hold "$d/empty.png" 6 10 "$d/01.mkv"
  part "$table" "${P3[@]}" 1.25 fwd 10 "$d/02.mkv"
  part "$table" "${P1[@]}" 0.6 fwd 10 "$d/03.mkv"
  hold "$d/empty.png" 35 10 "$d/04.mkv"
  part "$table" "${P6[@]}" 1 rev 10 "$d/05.mkv"
  part "$table" "${P5[@]}" 1 fwd 10 "$d/06.mkv"
  part "$table" "${P3[@]}" 2 fwd 10 "$d/07.mkv"
  hold "$d/empty.png" 7 10 "$d/08.mkv"
  # the reflection of the camera's own infrared LED ring on the inside of the dome: eight soft warm-white dots on an
  # ellipse (215 x 170 px around the centre) and a faint ring through them
  dots=""
  for k in 0 1 2 3 4 5 6 7; do
    read -r x y < <(awk -v k=$k 'BEGIN { a = 3.14159265 / 8 + k * 3.14159265 / 4; printf "%d %d\n", 384 + 215 * cos(a) + 0.5, 216 + 170 * sin(a) + 0.5 }')
    dots+="${dots:++}exp(-(pow(X-$x\,2)+pow(Y-$y\,2))/162)"
  done
  ff -f lavfi -i "color=c=black:s=768x432,format=rgba,geq=r=255:g=236:b=214:\
a='255*clip(0.5*($dots)+0.07*exp(-pow(hypot((X-384)/215\,(Y-216)/170)-1\,2)/0.0016)\,0\,1)'" -frames:v 1 "$d/ring.png"
  # the smoked (tinted) dome: darker, brownish, flat, a little soft, a vignette
  record tattoo-waiting-smokedome "eq=brightness=-0.05:contrast=0.82:gamma=0.8:saturation=0.6,\
colorbalance=rs=0.07:gs=0.02:bs=-0.09:rm=0.05:bm=-0.06,gblur=sigma=0.9[v];movie=$d/ring.png[ring];[v][ring]overlay,\
vignette=angle=0.6,format=yuv420p" "$d"/0*.mkv
fi

if want lodge-shelf-convexmirror; then
  d="$tmp/d"; mkdir -p "$d"
  still "$shelf" 3.0 "$d/s03.png"; still "$shelf" 14.5 "$d/s14.png"; still "$shelf" 29.5 "$d/s29.png"
  still "$shelf" 39.5 "$d/s39.png"; blank="$d/s03.png"
  hold "$d/s03.png" 7 15 "$d/01.mkv"
  part "$shelf" 29.5 39.5 1.25 fwd 15 "$d/02.mkv"   # C fast: the right bottle taken and put back
  hold "$d/s39.png" 24 15 "$d/03.mkv"
  part "$shelf" 14.5 29.5 0.8 rev 15 "$d/04.mkv"    # B backwards: left taken, middle taken, both back together
  hold "$d/s14.png" 20 15 "$d/05.mkv"
  part "$shelf" 3.0 14.5 2 fwd 15 "$d/06.mkv"       # A at 2x: the left bottle taken and put back quickly
  part "$shelf" 3.0 14.5 0.6 fwd 15 "$d/07.mkv"     # A at 0.6x: the same again, slowly
  hold "$d/s14.png" 14 15 "$d/08.mkv"
  part "$shelf" 14.5 29.5 1 fwd 15 "$d/09.mkv"      # B: left and middle taken together, middle back, left back
  hold "$d/s29.png" 6 15 "$d/10.mkv"
  # a convex (oval) security mirror: the picture mirrored and bent by a fisheye projection (v360 flat -> fisheye),
  # inside an oval frame with a pale rim and a soft highlight, on a dark slatted wall
  e="hypot((X-320)/306\,(Y-180)/172)"
  ff -f lavfi -i "color=c=black:s=640x360,format=rgba,geq=r='if(gt($e\,1.03)\,58+6*sin(Y/3)\,if(gt($e\,1)\,205\,255))':\
g='if(gt($e\,1.03)\,54+6*sin(Y/3)\,if(gt($e\,1)\,208\,255))':b='if(gt($e\,1.03)\,50+6*sin(Y/3)\,if(gt($e\,1)\,212\,255))':\
a='if(gt($e\,1)\,255\,255*0.3*exp(-(pow((X-190)/80\,2)+pow((Y-70)/26\,2))))'" -frames:v 1 "$d/mirror.png"
  record lodge-shelf-convexmirror "hflip,v360=input=flat:output=fisheye:ih_fov=110:iv_fov=70:h_fov=124:v_fov=76:w=640:h=360:\
interp=linear,eq=saturation=0.85:gamma=0.92:contrast=0.95[v];movie=$d/mirror.png[m];[v][m]overlay,format=yuv420p" "$d"/[0-9]*.mkv
fi

if want diner-window-lot; then
  d="$tmp/e"; mkdir -p "$d"; empty_lot "$d/empty.png"; blank="$d/empty.png"
  n=0; seg() { n=$((n + 1)); printf -v f '%s/%02d.mkv' "$d" "$n"; "$@" "$f"; }
  seg hold "$d/empty.png" 9 12
  seg part "$lot" 0 3.417 0.5 fwd 12
  seg hold "$d/empty.png" 31 12
  seg part "$lot" 0 3.417 1 rev 12
  seg hold "$d/empty.png" 15 12
  seg part "$lot" 0 3.417 0.3 fwd 12
  seg hold "$d/empty.png" 58 12
  seg part "$lot" 0 3.417 1.7 fwd 12
  seg hold "$d/empty.png" 12 12
  seg part "$lot" 0 3.417 0.4 rev 12
  seg hold "$d/empty.png" 36 12
  seg part "$lot" 0 3.417 0.8 fwd 12
  seg hold "$d/empty.png" 21 12
  # seen through the diner's window: the room behind the camera (the empty table room, mirrored, blurred) reflected
  # faintly in the glass, screened over at 22 %; the camera's burned-in clock (the set's clock) at the top left
  still "$table" 2.0 "$d/room.png"
  ff -i "$d/room.png" -vf "hflip,scale=640:360,gblur=sigma=3,eq=brightness=-0.05:saturation=0.7,format=gbrp" "$d/refl.png"
  record diner-window-lot "scale=640:360:flags=bicubic,format=gbrp[v];movie=$d/refl.png,format=gbrp[r];\
[v][r]blend=all_mode=screen:all_opacity=0.22,format=yuv420p,\
drawtext=fontfile=$mono:text='%{pts\:gmtime\:1829912300}':x=14:y=12:fontsize=20:fontcolor=white:box=1:\
boxcolor=black@0.45:boxborderw=4" "$d"/[0-9]*.mkv
fi

finish
