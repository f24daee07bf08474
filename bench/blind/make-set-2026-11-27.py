#!/usr/bin/env python3
"""Writes bench/blind/set-2026-11-27.json: the second blind question set, over the recordings of
bench/blind/make-recordings-2.sh. Written without sight of the question parser.

The truth of each recording is the source clip's timeline (test/fixtures/truth.ts, dev.json's finer
times) mapped through the ffmpeg edits, checked on 1 fps contact sheets of each recording (bottle clip
also on a 2 fps sheet of the source). Every expectation is computed here from those timelines, and each
question carries a short "why".
Run: python3 bench/blind/make-set-2026-11-27.py"""
import datetime, json, os

DIR = '/tmp/vigil-blind2'
DAY = '2026-11-26'   # before the wall clock of the scoring run, within the memory's 24 h of frames


def at(start, s):
    """ISO time `s` seconds after `start` (HH:MM:SS on DAY)."""
    t = datetime.datetime.fromisoformat(f'{DAY}T{start}+00:00') + datetime.timedelta(seconds=s)
    return t.strftime('%Y-%m-%dT%H:%M:%S.') + f'{t.microsecond // 100000}Z'


# ---- people at a table: the source clip's six visits (dev.json), seconds of the source clip ----
SRC_VISITS = [(6.0, 19.7), (22.8, 44.8), (50.0, 69.7), (74.4, 86.8), (92.0, 119.7), (123.4, 135.8)]


def swapped_fast(t):   # recording 1: [72, 139.4) then [0, 72), 1.25x fast
    return (t - 72) / 1.25 if t >= 72 else (67.4 + t) / 1.25


def slow_middle(t):    # recording 2: [47, 89.5) slowed 2x
    return t if t < 47 else (47 + 2 * (t - 47) if t < 89.5 else t + 42.5)


A_VISITS = sorted((round(swapped_fast(a), 2), round(swapped_fast(b), 2)) for a, b in SRC_VISITS)
A_END = 111.5
B_VISITS = [(round(slow_middle(a), 2), round(slow_middle(b), 2)) for a, b in SRC_VISITS]
B_END = 181.9


def gaps(visits, end):
    out, prev = [], 0.0
    for a, b in visits:
        out.append((prev, a)); prev = b
    out.append((prev, end))
    return out


def overlap(spans, lo, hi):
    return sum(max(0.0, min(b, hi) - max(a, lo)) for a, b in spans)


# ---- bottles: the source clip's moves (2 fps sheet of bottle-detection.mp4), seconds, change of count ----
SRC_MOVES = [(6.5, -1), (12.0, +1), (17.5, -2), (22.5, +1), (27.5, +1), (31.75, -1), (35.5, +1)]
SRC_LEN = 39.855
C_MOVES = [(round(49.855 * k + t, 2), d) for k in range(3) for t, d in SRC_MOVES]     # three plays, 10 s pauses
C_END = 139.55
D_MOVES = sorted((round(1.5 * (SRC_LEN - t), 2), -d) for t, d in SRC_MOVES)          # backwards, 1.5x slow
D_END = 59.8


def states(moves, end, n0=3):
    """[(from, to, count)] of a bottle timeline."""
    out, t0, n = [], 0.0, n0
    for t, d in moves:
        out.append((t0, t, n)); t0, n = t, n + d
    out.append((t0, end, n))
    return out


def time_where(st, pred, lo=0.0, hi=1e9):
    return sum(max(0.0, min(b, hi) - max(a, lo)) for a, b, n in st if pred(n))


def stretches(st, pred):
    """Maximal stretches where pred holds: [(from, to)]."""
    out = []
    for a, b, n in st:
        if not pred(n): continue
        if out and abs(out[-1][1] - a) < 1e-9: out[-1] = (out[-1][0], b)
        else: out.append((a, b))
    return out


def count_at(st, s):
    return next(n for a, b, n in st if a <= s < b)


# ---- lot then floor: car in view [0, 10.25) and [24.45, 34.73); the worker [10.25, 24.45) ----
E_CAR = [(0.0, 10.25), (24.45, 34.73)]
E_END = 34.73


def q(text, kind, expect=None, tol=None, why='', voice=''):
    d = {'q': text, 'type': kind}
    if kind != 'refuse':
        d['expect'] = expect
        if tol is not None: d['tol'] = tol
    d['why'] = why; d['voice'] = voice
    return d


def clip_a():
    S = '15:40:00'; v = A_VISITS; dur = [round(b - a, 2) for a, b in v]; g = gaps(v, A_END)
    by_len = sorted(range(6), key=lambda i: -dur[i])
    inner_gaps = g[1:-1]
    longest_gap = max(inner_gaps, key=lambda x: x[1] - x[0])
    first_min = overlap(v, 0, 60)
    return [
        q('How many people came to the table this afternoon?', 'number', 6, 0, 'six visits, one person each, all between 15:40 and 15:42', 'shift lead'),
        q('hw many ppl turned up at the table betwen 15:40:30 and 15:41:15', 'number', sum(1 for a, b in v if 30 <= a <= 75), 0,
          f'arrivals at {[a for a, b in v if 30 <= a <= 75]} s (15:40:41.1, 15:40:58.7, 15:41:12.2)', 'shop owner on phone'),
        q('How long was the longest visit at the table?', 'duration', dur[by_len[0]], 3, f'second visit {v[by_len[0]]} s', 'analyst'),
        q("What was the second-longest visit, in seconds?", 'duration', dur[by_len[1]], 1.5,
          f'lengths {sorted(dur, reverse=True)}: second is {dur[by_len[1]]} (the fifth visit)', 'analyst'),
        q('When did the third visitor turn up?', 'time', at(S, v[2][0]), 2, f'third arrival {v[2][0]} s', 'security guard'),
        q('When did the last person wander off?', 'time', at(S, v[5][1]), 2, f'sixth visit ends {v[5][1]} s', 'security guard'),
        q('Is anyone at the table right now?', 'boolean', False, None, f'the last visit ended {v[5][1]} s, the recording ends {A_END} s', 'shift lead'),
        q('How long has the table been empty now?', 'duration', round(A_END - v[5][1], 2), 1.5, f'{A_END} - {v[5][1]}', 'shift lead'),
        q('Someone left at about 15:40:51. How long until the next person came along?', 'duration', round(v[3][0] - v[2][1], 2), 2,
          f'third visit ends {v[2][1]} s, fourth arrives {v[3][0]} s', 'security guard'),
        q('What was the longest time nobody was at the table?', 'duration', round(longest_gap[1] - longest_gap[0], 2), 2,
          f'gaps between visits {[round(b - a, 1) for a, b in inner_gaps]}; before the first 1.9, after the last 1.8', 'analyst'),
        q('How many times was the table empty for more than 6 seconds?', 'number', sum(1 for a, b in g if b - a > 6), 0,
          f'empty stretches {[round(b - a, 1) for a, b in g]}', 'analyst'),
        q('For how much of the first minute was someone at the table?', 'duration', round(first_min, 2), 3,
          'visits overlapping 15:40:00-15:41:00: 9.9 + 22.2 + 9.9 + 1.3', 'analyst'),
        q('Did more people arrive between 15:40:00 and 15:40:45 than between 15:41:00 and 15:41:45?', 'boolean',
          sum(1 for a, b in v if a < 45) > sum(1 for a, b in v if 60 <= a < 105), None, 'arrivals 3 (1.9, 16.0, 41.1) against 2 (72.2, 93.9)', 'analyst'),
        q('How many persons was coming to the table after 15:41:05?', 'number', sum(1 for a, b in v if a > 65), 0,
          'arrivals at 72.2 and 93.9 s', 'non-native speaker'),
        q('when did the 2nd person leave', 'time', at(S, v[1][1]), 2, f'second visit ends {v[1][1]} s', 'shift lead'),
        q('So far, how many people have come to the table?', 'number', 6, 0, 'six arrivals up to the end', 'shift lead'),
        q('What was the average visit at the table?', 'duration', round(sum(dur) / 6, 2), 2, f'mean of {dur}', 'analyst'),
        q('hw long did teh 4th visitor stay', 'duration', dur[3], 3, f'fourth visit {v[3]}', 'shop owner on phone'),
        q('Was the table busy at 15:41:20?', 'boolean', True, None, f'80 s is inside the fifth visit {v[4]}', 'security guard'),
        q('was anybody there at 15:40:55?', 'boolean', False, None, f'55 s falls between {v[2][1]} and {v[3][0]}', 'security guard'),
        q('How many visits lasted longer than 13 seconds?', 'number', sum(1 for d in dur if d > 13), 0, f'lengths {dur}', 'analyst'),
        q('Over the whole recording, in total, how long was the table occupied?', 'duration', round(sum(dur), 2), 5, f'sum of {dur}', 'analyst'),
        q('Morning! quick one for the log: how many different people were at the table in the last 50 seconds?', 'number',
          sum(1 for a, b in v if b > A_END - 50), 0, f'visits overlapping {A_END - 50}-{A_END} s: fourth (to {v[3][1]}), fifth, sixth', 'shift lead'),
        q('How many people came along in the last three and a half minutes?', 'number', 6, 0, 'the window covers the whole 111.5 s recording', 'shift lead'),
        q('Who was the first to leave after 15:41, and when?', 'time', at(S, v[3][1]), 2, f'departures after 60 s: {v[3][1]} first', 'security guard'),
        q('When did the person before the longest visit leave?', 'time', at(S, v[0][1]), 2,
          f'longest is the second visit; the one before it ends {v[0][1]} s', 'analyst'),
        q('How long was the third shortest visit?', 'duration', sorted(dur)[2], 1.5, f'sorted lengths {sorted(dur)}', 'analyst'),
        q('what was the man in the black hoodie doing at the table?', 'refuse', why='appearance', voice='security guard'),
        q('How many people will come to the table in the next hour?', 'refuse', why='the future', voice='shift lead'),
        q('how many people were at the reception desk?', 'refuse', why='no such place in this memory', voice='shop owner on phone'),
        q('What did the second visitor say?', 'refuse', why='no sound or speech recorded', voice='security guard'),
        q('table table how the many?', 'refuse', why='nonsense', voice='nonsense'),
    ]


def clip_b():
    S = '11:58:23'; v = B_VISITS; dur = [round(b - a, 2) for a, b in v]; g = gaps(v, B_END)
    noon = 97.0
    inner = g[1:-1]; glen = sorted((round(b - a, 2) for a, b in inner), reverse=True)
    by_len = sorted(dur, reverse=True)
    return [
        q('how many people showed up at the table before noon?', 'number', sum(1 for a, b in v if a < noon), 0,
          f'noon is {noon} s; arrivals {[a for a, b in v]}', 'shift lead'),
        q('Who was the first visitor of the afternoon, and when did they arrive?', 'time', at(S, v[3][0]), 2,
          f'first arrival after {noon} s is {v[3][0]} s', 'shift lead'),
        q('How many people came this afternoon?', 'number', sum(1 for a, b in v if a >= noon), 0, 'arrivals after 12:00: 4th, 5th, 6th', 'shift lead'),
        q('How long did the longest visit last?', 'duration', by_len[0], 3, f'lengths {dur}', 'analyst'),
        q('and the second longest visit?', 'duration', by_len[1], 2, f'sorted lengths {by_len}', 'analyst'),
        q('What was the third-longest visit?', 'duration', by_len[2], 1.5, f'sorted lengths {by_len}', 'analyst'),
        q('How long was the table empty before the first person showed up?', 'duration', v[0][0], 2, f'first arrival {v[0][0]} s', 'analyst'),
        q('longest stretch with nobody at the table?', 'duration', glen[0], 2, f'gaps between visits {glen}', 'analyst'),
        q('whats the 2nd longest gap between visitors', 'duration', glen[1], 1.0, f'gaps between visits {glen}', 'shop owner on phone'),
        q('A person left around 11:59:55. How long until the next one came along?', 'duration', round(v[3][0] - v[2][1], 2), 2,
          f'third leaves {v[2][1]} s, fourth arrives {v[3][0]} s', 'security guard'),
        q('Is someone still at the table?', 'boolean', False, None, f'last visit ends {v[5][1]} s, recording ends {B_END} s', 'security guard'),
        q('For the incident report: when did the last visitor walk off?', 'time', at(S, v[5][1]), 2, f'sixth visit ends {v[5][1]} s', 'security guard'),
        q('How long has the table sat empty now?', 'duration', round(B_END - v[5][1], 2), 2, f'{B_END} - {v[5][1]}', 'shift lead'),
        q('how many people came between 11:59 and 12:00:30', 'number', sum(1 for a, b in v if 37 <= a <= 127), 0,
          'arrivals at 53.0 and 101.8 s (11:59 is 37 s, 12:00:30 is 127 s)', 'shift lead'),
        q('How many times did the table sit empty for more than 5 seconds between two visitors?', 'number', sum(1 for a, b in inner if b - a > 5), 0,
          f'empty stretches between visits {[round(b - a, 1) for a, b in inner]}', 'analyst'),
        q('For how long were two or more people there together?', 'duration', 0, 1, 'the visits never overlap', 'analyst'),
        q('For how much of the first two minutes was someone at the table?', 'duration', round(overlap(v, 0, 120), 2), 4,
          'visits overlapping 0-120 s: 13.7 + 22.0 + 39.4 + 18.2', 'analyst'),
        q('more visitors before 12:00 than after?', 'boolean', False, None, '3 arrivals before noon, 3 after', 'shop owner on phone'),
        q('Did more people come in the first minute than in the second minute?', 'boolean',
          sum(1 for a, b in v if a < 60) > sum(1 for a, b in v if 60 <= a < 120), None, 'arrivals 3 (6.0, 22.8, 53.0) against 1 (101.8)', 'analyst'),
        q('How long was the 3rd person at the table?', 'duration', dur[2], 3, f'third visit {v[2]}', 'shift lead'),
        q('wen did the 5th visiter leave', 'time', at(S, v[4][1]), 2, f'fifth visit ends {v[4][1]} s', 'shop owner on phone'),
        q('The person who arrived at about 11:59:16 - when did they go?', 'time', at(S, v[2][1]), 2, f'third visit {v[2]}', 'security guard'),
        q('Someone turned up at roughly 12:00:05. How long did they stay?', 'duration', dur[3], 3, f'fourth visit {v[3]}', 'security guard'),
        q('how many visitors were there over the whole recording, in total?', 'number', 6, 0, 'six visits', 'analyst'),
        q('Was the table ever unoccupied for fifteen seconds or more?', 'boolean', False, None, f'longest empty stretch {glen[0]} s', 'analyst'),
        q('was anyone at the table at noon?', 'boolean', False, None, f'noon = {noon} s, between {v[2][1]} and {v[3][0]}', 'security guard'),
        q('at 11:59:30 was the table in use?', 'boolean', True, None, f'67 s is inside the third visit {v[2]}', 'non-native speaker'),
        q('How many people did the table have at a minute past twelve?', 'number', 1, 0, f'12:01:00 = 157 s, inside the fifth visit {v[4]}', 'non-native speaker'),
        q('The visit after the longest one - how long did it last?', 'duration', dur[3], 3, f'longest is the third; the fourth lasts {dur[3]}', 'analyst'),
        q('How many people will turn up after lunch tomorrow?', 'refuse', why='the future', voice='shift lead'),
        q('what was the guy in the red jacket holding?', 'refuse', why='appearance', voice='security guard'),
        q('how many people used the coffee machine?', 'refuse', why='no such object in this memory', voice='shop owner on phone'),
        q('How many people were at the table yesterday?', 'refuse', why='not recorded: the memory holds only 11:58-12:01 today', voice='shift lead'),
    ]


def clip_c():
    S = '07:15:00'; st = states(C_MOVES, C_END)
    takes = [t for t, d in C_MOVES for _ in range(-d) if d < 0]
    rets = [t for t, d in C_MOVES for _ in range(d) if d > 0]
    full = stretches(st, lambda n: n == 3); miss = stretches(st, lambda n: n < 3); one = stretches(st, lambda n: n == 1)
    return [
        q('Morning! Doing the stock sheet, so bear with me: how many bottles are on the shelf right now?', 'number', st[-1][2], 0,
          'three bottles from 135.2 s to the end', 'shop owner on phone'),
        q('How many bottles were taken off the shelf in total?', 'number', len(takes), 0, '4 per play (one, then two together, then one), 3 plays', 'shift lead'),
        q('how many bottles got put back this morning?', 'number', len(rets), 0, '4 per play, 3 plays', 'shift lead'),
        q('How many bottles were removed between 07:15:50 and 07:16:30?', 'number', sum(1 for t in takes if 50 <= t <= 90), 0,
          f'takes at {[t for t in takes if 50 <= t <= 90]} s', 'analyst'),
        q('When was a bottle first taken?', 'time', at(S, takes[0]), 2, f'first take {takes[0]} s', 'security guard'),
        q('when was the last bottle put back', 'time', at(S, rets[-1]), 2, f'last return {rets[-1]} s', 'security guard'),
        q('A bottle vanished around 07:15:56 - when was it back?', 'time', at(S, 61.86), 2, 'taken 56.36 s, set back 61.86 s', 'security guard'),
        q('What was the longest stretch with all three bottles on the shelf?', 'duration',
          round(max(b - a for a, b in full), 2), 2, f'full stretches {[(a, b) for a, b in full]}', 'analyst'),
        q('In total, how long was the shelf missing at least one bottle?', 'duration', round(time_where(st, lambda n: n < 3), 2), 6,
          f'stretches under 3: {miss}', 'analyst'),
        q('how long was the shelf down to a single bottle, all together?', 'duration', round(time_where(st, lambda n: n == 1), 2), 3,
          f'one-bottle stretches {one}', 'analyst'),
        q('How many times did the shelf drop to one bottle?', 'number', len(one), 0, f'one-bottle stretches {one}', 'shift lead'),
        q('how many bottles at 07:16:10?', 'number', count_at(st, 70), 0, '70 s is in the second play\'s one-bottle stretch', 'shop owner on phone'),
        q('How many bottles stood on the shelf at 07:15:45?', 'number', count_at(st, 45), 0, '45 s is in the first 10 s pause (three bottles)', 'non-native speaker'),
        q('was a bottle missing at 07:16:35?', 'boolean', count_at(st, 95) < 3, None, '95 s is in the second pause (three bottles)', 'security guard'),
        q('What is the fewest bottles the shelf had at once?', 'number', min(n for a, b, n in st), 0, 'two taken together leave one', 'analyst'),
        q('How many times was a bottle missing for more than 7 seconds?', 'number', sum(1 for a, b in miss if b - a > 7), 0,
          f'stretches under 3 last {[round(b - a, 2) for a, b in miss]} s', 'analyst'),
        q('Were more bottles taken in the first minute than in the second?', 'boolean',
          sum(1 for t in takes if t < 60) > sum(1 for t in takes if 60 <= t < 120), None,
          f'{sum(1 for t in takes if t < 60)} against {sum(1 for t in takes if 60 <= t < 120)}', 'analyst'),
        q('How long was the shelf full during the first minute?', 'duration', round(time_where(st, lambda n: n == 3, 0, 60), 2), 4,
          'full stretches within 0-60 s', 'analyst'),
        q('how many bottles were taken in the last two minutes?', 'number', sum(1 for t in takes if t >= C_END - 120), 0,
          f'takes after {C_END - 120:.2f} s: {[t for t in takes if t >= C_END - 120]}', 'shift lead'),
        q('How long ago was a bottle last taken?', 'duration', round(C_END - takes[-1], 2), 2, f'{C_END} - {takes[-1]}', 'shift lead'),
        q('how long has the shelf been full', 'duration', round(C_END - full[-1][0], 2), 2, f'full since {full[-1][0]} s', 'shift lead'),
        q('When did the shelf go down to one bottle for the second time?', 'time', at(S, one[1][0]), 2, f'one-bottle stretches {one}', 'analyst'),
        q('when did the third bottle removal happen?', 'time', at(S, takes[2]), 2, f'takes {takes[:4]}: the 2nd and 3rd at once', 'analyst'),
        q('How many bottles will be left by lunchtime?', 'refuse', why='the future', voice='shop owner on phone'),
        q('what brand are the bottles?', 'refuse', why='appearance', voice='shop owner on phone'),
        q('how many cans were on the shelf at 07:15:30?', 'refuse', why='no such object in this memory', voice='shift lead'),
        q('How much water is left in the bottles?', 'refuse', why='not recorded', voice='non-native speaker'),
    ]


def clip_d():
    S = '19:05:00'; st = states(D_MOVES, D_END)
    takes = [t for t, d in D_MOVES for _ in range(-d) if d < 0]
    rets = [t for t, d in D_MOVES for _ in range(d) if d > 0]
    full = stretches(st, lambda n: n == 3); miss = stretches(st, lambda n: n < 3); one = stretches(st, lambda n: n == 1)
    return [
        q('Evening all - stock check time. how many bottles were taken this evening?', 'number', len(takes), 0, f'takes at {takes} s', 'shift lead'),
        q('How many bottles were returned this evening?', 'number', len(rets), 0, f'returns at {rets} s (two at once)', 'shift lead'),
        q('When did the shelf drop to a single bottle?', 'time', at(S, one[0][0]), 2, f'one-bottle stretch {one}', 'security guard'),
        q('When was the shelf full again after being down to one bottle?', 'time', at(S, one[0][1]), 2, 'two bottles set back together', 'security guard'),
        q('How long was there only one bottle?', 'duration', round(time_where(st, lambda n: n == 1), 2), 2, f'{one}', 'analyst'),
        q('What was the longest time a bottle was missing?', 'duration', round(max(b - a for a, b in miss), 2), 2, f'stretches under 3: {miss}', 'analyst'),
        q('how many bottles at 19:05:30??', 'number', count_at(st, 30), 0, '30 s is in the one-bottle stretch', 'shop owner on phone'),
        q('How many bottles were on the shelf at 19:05:45?', 'number', count_at(st, 45), 0, f'45 s: {count_at(st, 45)}', 'non-native speaker'),
        q('were all three bottles there at 19:05:15?', 'boolean', count_at(st, 15) == 3, None, '15 s: three (12.2-18.5)', 'security guard'),
        q('How long has the shelf been full now?', 'duration', round(D_END - full[-1][0], 2), 2, f'full since {full[-1][0]} s', 'shift lead'),
        q('Is any bottle missing now?', 'boolean', st[-1][2] < 3, None, 'three at the end', 'shift lead'),
        q('when was the 2nd bottle taken', 'time', at(S, takes[1]), 2, f'takes {takes}', 'shop owner on phone'),
        q('Was the shelf full for longer in the first half minute than in the second half minute?', 'boolean',
          time_where(st, lambda n: n == 3, 0, 30) > time_where(st, lambda n: n == 3, 30, 60), None,
          f'{round(time_where(st, lambda n: n == 3, 0, 30), 1)} s against {round(time_where(st, lambda n: n == 3, 30, 60), 1)} s', 'analyst'),
        q('In total, how long was the shelf full?', 'duration', round(time_where(st, lambda n: n == 3), 2), 4, f'full stretches {full}', 'analyst'),
        q('The last time a bottle got taken, when was it?', 'time', at(S, takes[-1]), 2, f'takes {takes}', 'security guard'),
        q('How many bottles were missing at 19:05:10?', 'number', 3 - count_at(st, 10), 0, '10 s: two on the shelf', 'non-native speaker'),
        q('How many bottles will be taken tomorrow night?', 'refuse', why='the future', voice='shift lead'),
        q('was the bottle cap blue?', 'refuse', why='appearance', voice='non-native speaker'),
        q('how many bottles are in the fridge?', 'refuse', why='no such place in this memory', voice='shop owner on phone'),
    ]


def clip_e():
    S = '09:30:00'
    return [
        q('Is there a car in the yard now?', 'boolean', True, None, 'the car is in view from 24.45 s to the end', 'security guard'),
        q('Hey, writing up the morning log here. When did the car drive off?', 'time', at(S, E_CAR[0][1]), 2, 'the lot part ends at 10.25 s', 'security guard'),
        q('when did a car turn up again after 09:30:12?', 'time', at(S, E_CAR[1][0]), 2, 'the lot is back at 24.45 s', 'security guard'),
        q('How long was the yard without a car?', 'duration', round(E_CAR[1][0] - E_CAR[0][1], 2), 3, '10.25-24.45 s', 'analyst'),
        q('how many cars at 09:30:18', 'number', 0, 0, '18 s is in the factory-floor part', 'shop owner on phone'),
        q('How many cars were there at 09:30:05?', 'number', 1, 0, 'one car, 0-10.25 s', 'non-native speaker'),
        q('What is the most cars seen at once?', 'number', 1, 0, 'one car at a time', 'analyst'),
        q('was a person in view at 09:30:17?', 'boolean', True, None, 'the worker, 10.25-24.45 s', 'security guard'),
        q('How many cars arrived after 09:30:20?', 'number', 1, 0, 'one arrival at 24.45 s', 'analyst'),
        q('How long has the car been here?', 'duration', round(E_END - E_CAR[1][0], 2), 3, f'{E_END} - 24.45', 'shift lead'),
        q("what's the licence plate of the car?", 'refuse', why='not recorded (no plate is readable)', voice='security guard'),
        q('was the car speeding?', 'refuse', why='not recorded', voice='shift lead'),
        q('how many forklifts crossed the yard?', 'refuse', why='no such object in this memory', voice='shift lead'),
    ]


CLIPS = [
    ('table-swapped-fast.mp4', 'table', '15:40:00', clip_a,
     'The table clip with its second part first, mirrored, 1.25x fast (111.5 s). Six visits (s from the start): '
     + ', '.join(f'{a}-{b}' for a, b in A_VISITS) + '. Never two at once.'),
    ('table-slow-middle.mp4', 'table', '11:58:23', clip_b,
     'The table clip with its middle slowed 2x (181.9 s). Six visits (s from the start): '
     + ', '.join(f'{a}-{b}' for a, b in B_VISITS) + '. Noon is at 97 s.'),
    ('shelf-loop-pauses.mp4', 'shelf', '07:15:00', clip_c,
     'The bottle clip three times (the second mirrored) with 10 s pauses (139.55 s). Moves (s, change): '
     + ', '.join(f'{t}:{d:+d}' for t, d in C_MOVES) + '. Three bottles at start and end.'),
    ('shelf-backwards-slow.mp4', 'shelf', '19:05:00', clip_d,
     'The bottle clip backwards, 1.5x slow (59.8 s). Moves (s, change): '
     + ', '.join(f'{t}:{d:+d}' for t, d in D_MOVES) + '. Three bottles at start and end.'),
    ('lot-then-floor.mp4', 'yard', '09:30:00', clip_e,
     'Parking lot 3x slow (a car all the time, 0-10.25 s), factory floor 3x slow (one worker, no car, 10.25-24.45 s), '
     'parking lot backwards 3x slow (the car again, 24.45-34.73 s).'),
]


def main():
    clips, n = [], 0
    for f, cam, start, make, truth in CLIPS:
        qs = make()
        for x in qs:
            n += 1; x['id'] = f'b2-{n:03d}'
        clips.append({'file': f'{DIR}/{f}', 'camera': cam, 'start': f'{DAY}T{start}Z', 'truth': truth, 'questions': qs})
    out = {'about': 'Second blind set (2026-11-27), written without sight of the question parser. Recordings: '
                    'bench/blind/make-recordings-2.sh /tmp/vigil-blind2. Score: python3 bench/blind/score.py '
                    'bench/blind/set-2026-11-27.json --out bench/results/blind-2026-11-27.json',
           'clips': clips}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'set-2026-11-27.json')
    json.dump(out, open(path, 'w'), indent=1)
    allq = [x for c in clips for x in c['questions']]
    print(f'{len(allq)} questions, {sum(1 for x in allq if x["type"] == "refuse")} must-refuse; wrote {path}')


if __name__ == '__main__':
    main()
