#!/usr/bin/env python3
"""Scores Vigil on the blind question set (bench/blind/set-2026-11-26.json).

Run from the project root after `npx tsc -p tsconfig.json` and `bench/blind/make-recordings.sh /tmp/vigil-blind`:
    python3 bench/blind/score.py [SET.json] [--out RESULTS.json]
Each recording is replayed once into a fresh data directory with `vigil replay`, then each question is
asked with `vigil ask --json`. Every answer is classified:
  answerable questions:  right | wrong | refused   (refused = no usable value, or the answer says it cannot answer)
  must-refuse questions: refused (= right) | answered (= wrong)
Grading of values follows /work/shared/questions/grade.py (number |v-expect|<=tol, boolean exact,
time ISO within tol seconds, duration seconds within tol). Writes bench/results/blind-2026-11-26.json."""
import datetime, json, os, platform, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
args = sys.argv[1:]
out_path = os.path.join(root, 'bench', 'results', 'blind-2026-11-26.json')
if '--out' in args:
    i = args.index('--out'); out_path = args[i + 1]; del args[i:i + 2]
# --keep DIR: replay each recording once into DIR/<camera>-<file> and reuse it on later runs (regression re-runs only)
keep = None
if '--keep' in args:
    i = args.index('--keep'); keep = args[i + 1]; del args[i:i + 2]
set_path = args[0] if args else os.path.join(root, 'bench', 'blind', 'set-2026-11-26.json')
qa = json.load(open(set_path))
CLI = os.path.join(root, 'dist', 'edge', 'cli', 'main.js')

def vigil(argv, timeout):
    return subprocess.run(['node', CLI] + argv, capture_output=True, text=True, timeout=timeout, cwd=root)

def when(v):
    if isinstance(v, dict): v = v.get('start') or v.get('at') or v.get('time')
    if not isinstance(v, str): return None
    try: return datetime.datetime.fromisoformat(v.replace('Z', '+00:00')).timestamp()
    except ValueError: return None

def right(q, v):
    kind = q['type']
    if kind == 'boolean': return v is q['expect']
    if kind == 'time':
        got, want = when(v), when(q['expect'])
        return got is not None and abs(got - want) <= q['tol']
    if kind == 'duration' and isinstance(v, dict): v = v.get('seconds')
    return isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v - q['expect']) <= q.get('tol', 0)

CANNOT = ('i could not answer', 'i cannot answer', "i can't answer", 'cannot answer', 'could not answer', 'i do not know', "i don't know")

def refused(out):
    """No usable value, or the answer declares itself a refusal."""
    if out is None: return True
    if out.get('refused'): return True
    v = out.get('value')
    if v is None: return True
    if isinstance(v, (dict, list)) and not v: return True
    if isinstance(v, str) and not v.strip(): return True
    text = str(out.get('answer', '')).strip().lower()
    return text.startswith(CANNOT)

rows = []
t0 = time.time()
for clip in qa['clips']:
    t = time.time()
    slot = clip['camera'] + '-' + os.path.splitext(os.path.basename(clip['file']))[0]
    if keep and os.path.isdir(os.path.join(keep, slot)):
        data = os.path.join(keep, slot)
        r = subprocess.CompletedProcess([], 0, '', '')
    else:
        data = os.path.join(keep, slot) if keep else tempfile.mkdtemp(prefix='vigil-blind-')
        r = vigil(['replay', clip['file'], '--camera', clip['camera'], '--start', clip['start'], '--data', data], 1800)
    print(f"== {os.path.basename(clip['file'])} camera={clip['camera']} start={clip['start']} replay rc={r.returncode} {time.time() - t:.0f}s  data={data}")
    if r.returncode != 0: print('   replay failed: ' + r.stderr.strip()[-300:])
    for q in clip['questions']:
        out, err = None, ''
        if r.returncode == 0:
            a = vigil(['ask', q['q'], '--data', data, '--json'], 180)
            try: out = json.loads(a.stdout)
            except ValueError: err = (a.stderr or a.stdout).strip()[-300:]
        v = out.get('value') if out else None
        ref = refused(out)
        if q['type'] == 'refuse':
            outcome = 'refused' if ref else 'answered'; ok = ref
        else:
            outcome = 'refused' if ref else ('right' if right(q, v) else 'wrong'); ok = outcome == 'right'
        rows.append({'clip': os.path.basename(clip['file']), 'camera': clip['camera'], 'q': q['q'], 'type': q['type'],
                     'expect': q.get('expect'), 'tol': q.get('tol'), 'value': v,
                     'answer': (out or {}).get('answer', err), 'refused_flag': bool((out or {}).get('refused')),
                     'outcome': outcome, 'ok': ok})
        tag = {'right': 'ok ', 'wrong': 'NO ', 'refused': 'REF', 'answered': 'ANS'}[outcome]
        if q['type'] == 'refuse' and ref: tag = 'ok '
        print(f"{tag} [{q['type'][:4]}] {q['q']}  ->  {json.dumps(v)[:80]}  (truth {q.get('expect')})")

ans = [x for x in rows if x['type'] != 'refuse']; mr = [x for x in rows if x['type'] == 'refuse']
totals = {
    'answerable': {'total': len(ans), **{k: sum(1 for x in ans if x['outcome'] == k) for k in ('right', 'wrong', 'refused')}},
    'must_refuse': {'total': len(mr), **{k: sum(1 for x in mr if x['outcome'] == k) for k in ('refused', 'answered')}},
}
totals['overall_right'] = sum(1 for x in rows if x['ok']); totals['overall_total'] = len(rows)
print(f"answerable: {totals['answerable']['right']} right, {totals['answerable']['wrong']} wrong, {totals['answerable']['refused']} refused of {len(ans)}")
print(f"must-refuse: {totals['must_refuse']['refused']} refused (right), {totals['must_refuse']['answered']} answered (wrong) of {len(mr)}")
print(f"overall: {totals['overall_right']}/{len(rows)} right  ({time.time() - t0:.0f} s)")
git = subprocess.run(['git', 'rev-parse', 'HEAD'], capture_output=True, text=True, cwd=root).stdout.strip()
node = subprocess.run(['node', '-v'], capture_output=True, text=True).stdout.strip()
os.makedirs(os.path.dirname(out_path), exist_ok=True)
json.dump({'set': os.path.relpath(set_path, root), 'run_at': datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds'),
           'commit': git, 'machine': {'nproc': os.cpu_count(), 'node': node, 'platform': platform.platform()},
           'command': 'python3 bench/blind/score.py', 'totals': totals, 'questions': rows},
          open(out_path, 'w'), indent=1)
print('wrote ' + os.path.relpath(out_path, root))
